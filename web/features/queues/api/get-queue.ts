import { queryOptions, useQuery } from '@tanstack/react-query'
import type { QueueView } from '@contract/queues'
import { penaltiesEndAt, useRefetchAt } from '@web/hooks/use-refetch-at'
import { api } from '@web/lib/api-client'
import { queueKey } from '@web/lib/query-keys'

export const getQueue = (itemId: string) => api<QueueView>(`/items/${itemId}/queue`)

export const queueQueryOptions = (itemId: string) =>
  queryOptions({ queryKey: queueKey(itemId), queryFn: () => getQueue(itemId) })

/** An item's queue: refreshed by the queues topic, and when a penalty in it ends (no write announces that). */
export function useQueue(itemId: string | null) {
  const query = useQuery({ ...queueQueryOptions(itemId ?? ''), enabled: itemId !== null })
  useRefetchAt(penaltiesEndAt(query.data?.entries), query.refetch)
  return query
}
