import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RaidNightSettings } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'

export const getNightSettings = () => api<RaidNightSettings>('/raid-night-settings')

export const nightSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['raid-nights', 'settings'], queryFn: getNightSettings })

export function useNightSettings() {
  return useQuery(nightSettingsQueryOptions())
}
