import { useQuery } from '@tanstack/react-query'
import type { ActivityPage } from '@contract/history'
import { api } from '@web/lib/api-client'
import { historyPageQueryOptions } from './history-page-query'
import { type ActivityParams, toQueryString } from './history-params'

export const getActivityLog = ({ page, search, event }: ActivityParams) =>
  api<ActivityPage>(`/history/activity${toQueryString({ page, search: search.trim(), eventId: event })}`)

export const activityLogQueryOptions = (params: ActivityParams) =>
  historyPageQueryOptions('activity', params, getActivityLog)

export function useActivityLog(params: ActivityParams, enabled = true) {
  return useQuery({ ...activityLogQueryOptions(params), enabled })
}
