import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HistoryStats } from '@contract/history'
import { api } from '@web/lib/api-client'

/** Days are counted on the guild's time zone (server/modules/history/history.service.ts). */
export const getHistoryStats = () => api<HistoryStats>('/history/stats')

export const historyStatsQueryOptions = () =>
  queryOptions({ queryKey: ['history', 'stats'], queryFn: () => getHistoryStats() })

export function useHistoryStats() {
  return useQuery(historyStatsQueryOptions())
}
