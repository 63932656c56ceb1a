import { queryOptions, useQuery } from '@tanstack/react-query'
import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { queueKey } from '@web/lib/query-keys'

export const getQueue = (itemId: string) => api<QueueView>(`/items/${itemId}/queue`)

export const queueQueryOptions = (itemId: string) =>
  queryOptions({ queryKey: queueKey(itemId), queryFn: () => getQueue(itemId) })

export function useQueue(itemId: string | null) {
  return useQuery({ ...queueQueryOptions(itemId ?? ''), enabled: itemId !== null })
}
