import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Tonight } from '@contract/raid-nights'
import { useRefetchAt } from '@web/hooks/use-refetch-at'
import { api } from '@web/lib/api-client'

export const getTonight = () => api<Tonight>('/raid-nights-tonight')

/** The raid night running now and its marks: refreshed by the raid-nights topic and when it starts or ends. */
export const tonightQueryOptions = () => queryOptions({ queryKey: ['tonight'], queryFn: getTonight })

export function useTonight() {
  const query = useQuery(tonightQueryOptions())
  useRefetchAt(query.data?.checkAgainAt, query.refetch)
  return query
}
