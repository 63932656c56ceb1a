import { queryOptions, useQuery } from '@tanstack/react-query'
import type { GuildStats } from '@contract/guild'
import { api } from '@web/lib/api-client'

export function getGuildStats() {
  return api<GuildStats>('/guild/stats')
}

export const guildStatsQueryOptions = () =>
  queryOptions({ queryKey: ['guild', 'stats'], queryFn: getGuildStats })

export function useGuildStats(enabled = true) {
  return useQuery({ ...guildStatsQueryOptions(), enabled })
}
