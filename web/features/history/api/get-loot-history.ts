import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { LootHistoryPage } from '@contract/history'
import { api } from '@web/lib/api-client'
import { type LootParams, toQueryString } from './history-params'

export const getLootHistory = ({ page, search, rarity }: LootParams) =>
  api<LootHistoryPage>(
    `/history/loot${toQueryString({ page, search: search.trim(), rarity: rarity === 'all' ? undefined : rarity })}`,
  )

export const lootHistoryQueryOptions = (params: LootParams) =>
  queryOptions({
    queryKey: ['history', 'loot', params],
    queryFn: () => getLootHistory(params),
    // The current page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  })

export function useLootHistory(params: LootParams, enabled = true) {
  return useQuery({ ...lootHistoryQueryOptions(params), enabled })
}
