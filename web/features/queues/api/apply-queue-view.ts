import type { QueryClient } from '@tanstack/react-query'
import type { QueueView } from '@contract/queues'
import { refreshAfter } from '@web/lib/query-keys'
import { queueQueryOptions } from './get-queue'

/** Every queue write answers the new queue: show it at once, and refresh what counts it. */
export function applyQueueView(queryClient: QueryClient, view: QueueView) {
  const { queryKey } = queueQueryOptions(view.itemId)
  queryClient.setQueryData(queryKey, view)
  refreshAfter(queryClient, 'queues', queryKey)
}
