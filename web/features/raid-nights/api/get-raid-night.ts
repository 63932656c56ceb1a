import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RaidNightDetail } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'

export const getRaidNight = (id: string) => api<RaidNightDetail>(`/raid-nights/${encodeURIComponent(id)}`)

export const raidNightQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['raid-nights', 'detail', id], queryFn: () => getRaidNight(id) })

export function useRaidNight(id: string | null) {
  return useQuery({ ...raidNightQueryOptions(id ?? ''), enabled: id !== null })
}
