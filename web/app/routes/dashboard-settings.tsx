import { SettingsPage } from '@web/features/settings/components/settings-page'

export function Component() {
  return <SettingsPage />
}
