import { useQuery } from '@tanstack/react-query'
import type { LootHistoryPage } from '@contract/history'
import { api } from '@web/lib/api-client'
import { historyPageQueryOptions } from './history-page-query'
import { type LootParams, toQueryString } from './history-params'

export const getLootHistory = ({ page, search, rarity, event }: LootParams) =>
  api<LootHistoryPage>(
    `/history/loot${toQueryString({
      page,
      search: search.trim(),
      rarity: rarity === 'all' ? undefined : rarity,
      eventId: event,
    })}`,
  )

export const lootHistoryQueryOptions = (params: LootParams) =>
  historyPageQueryOptions('loot', params, getLootHistory)

export function useLootHistory(params: LootParams, enabled = true) {
  return useQuery({ ...lootHistoryQueryOptions(params), enabled })
}
