import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { RaidNightList } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'

export type NightListWhen = 'upcoming' | 'past'

export const getRaidNights = (when: NightListWhen, page: number) =>
  api<RaidNightList>(`/raid-nights?when=${when}&page=${page}`)

/** Under 'raid-nights': every change of a night, its marks or the guild's settings refreshes it. */
export const raidNightsQueryOptions = (when: NightListWhen, page = 1) =>
  queryOptions({
    queryKey: ['raid-nights', 'list', when, page],
    queryFn: () => getRaidNights(when, page),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  })

export function useRaidNights(when: NightListWhen, page = 1) {
  return useQuery(raidNightsQueryOptions(when, page))
}
