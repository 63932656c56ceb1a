import { queryOptions, useQuery } from '@tanstack/react-query'
import type { HistoryStats } from '@contract/history'
import { api } from '@web/lib/api-client'
import { browserTimeZone } from '@web/lib/format'
import { toQueryString } from './history-params'

export const getHistoryStats = (timeZone = browserTimeZone()) =>
  api<HistoryStats>(`/history/stats${toQueryString({ tz: timeZone })}`)

export const historyStatsQueryOptions = () =>
  queryOptions({ queryKey: ['history', 'stats'], queryFn: () => getHistoryStats() })

export function useHistoryStats() {
  return useQuery(historyStatsQueryOptions())
}
