import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Overview } from '@contract/overview'
import { api } from '@web/lib/api-client'

export const getOverview = () => api<Overview>('/overview')

export const overviewQueryOptions = () => queryOptions({ queryKey: ['overview'], queryFn: getOverview })

export function useOverview() {
  return useQuery(overviewQueryOptions())
}
