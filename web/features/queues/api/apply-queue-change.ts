import type { QueryClient } from '@tanstack/react-query'
import { applyQueueChange } from '@contract/queue-change'
import type { QueueChange, QueueView } from '@contract/queues'
import { refreshAfter } from '@web/lib/query-keys'
import { queueQueryOptions } from './get-queue'

/**
 * Every queue write answers what it changed: the queue on screen takes it at once when it is the version
 * the change follows; otherwise (another write came in between) the queue is read again. Whatever counts
 * the queue is refreshed.
 */
export function showQueueChange(queryClient: QueryClient, change: QueueChange) {
  const { queryKey } = queueQueryOptions(change.itemId)
  const next = applyQueueChange(queryClient.getQueryData<QueueView>(queryKey), change)
  if (next) {
    queryClient.setQueryData(queryKey, next)
    refreshAfter(queryClient, 'queues', queryKey)
  } else refreshAfter(queryClient, 'queues')
}
