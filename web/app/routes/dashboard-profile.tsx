import { ProfilePage } from '@web/features/profile/components/profile-page'

export function Component() {
  return <ProfilePage />
}
