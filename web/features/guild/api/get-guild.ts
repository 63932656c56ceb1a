import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Guild } from '@contract/guild'
import { api } from '@web/lib/api-client'

export function getGuild() {
  return api<Guild>('/guild')
}

export const guildQueryOptions = () => queryOptions({ queryKey: ['guild', 'detail'], queryFn: getGuild })

export function useGuild() {
  return useQuery(guildQueryOptions())
}
