import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ItemsSummary } from '@contract/items'
import { api } from '@web/lib/api-client'

/** "Distributed today" means since the viewer's own local midnight, so the browser sends it. */
export function localMidnightIso(now = new Date()): string {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  return midnight.toISOString()
}

export const getItemsSummary = (todayStart: string) =>
  api<ItemsSummary>(`/items-summary?todayStart=${encodeURIComponent(todayStart)}`)

export const itemsSummaryQueryOptions = (todayStart: string) =>
  queryOptions({ queryKey: ['items', 'summary', todayStart], queryFn: () => getItemsSummary(todayStart) })

export function useItemsSummary() {
  return useQuery(itemsSummaryQueryOptions(localMidnightIso()))
}
