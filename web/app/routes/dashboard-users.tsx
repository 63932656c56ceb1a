import { UsersPage } from '@web/features/users/components/users-page'

export function Component() {
  return <UsersPage />
}
