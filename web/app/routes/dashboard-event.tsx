import { useParams } from 'react-router'
import { EventPage } from '@web/features/raid-nights/components/event-page'

export function Component() {
  const { id = '' } = useParams()
  return <EventPage id={id} />
}
