import { useQuery } from '@tanstack/react-query'
import { nightSettingsQueryOptions } from '@web/lib/night-settings'

// Shared with the screens that name the guild's clock (web/lib/night-settings.ts): one query, one key.
export { nightSettingsQueryOptions } from '@web/lib/night-settings'

export function useNightSettings() {
  return useQuery(nightSettingsQueryOptions())
}
