import { useParams } from 'react-router'
import { SandboxPage } from '@web/features/billing-sandbox/components/sandbox-page'

// Its own chunk: only the sandbox provider ever sends anyone here.
export function Component() {
  const { id = '' } = useParams()
  return <SandboxPage id={id} />
}
