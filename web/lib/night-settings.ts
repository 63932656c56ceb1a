import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RaidNightSettings } from '@contract/raid-nights'
import { api } from './api-client'

const getNightSettings = () => api<RaidNightSettings>('/raid-night-settings')

/** The guild's raid-night settings (any member reads them; admins change them on the guild page). */
export const nightSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['raid-nights', 'settings'], queryFn: getNightSettings })

/**
 * The guild's time zone, undefined until it is read: the screens that show times on the reader's clock say
 * which clock when it reads otherwise (docs/product-rules.md, "Raid nights").
 */
export function useGuildTimeZone(): string | undefined {
  return useQuery(nightSettingsQueryOptions()).data?.timeZone
}
