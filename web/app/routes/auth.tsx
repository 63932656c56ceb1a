import { AuthPage } from '@web/features/auth/components/auth-page'

export function Component() {
  return <AuthPage />
}
