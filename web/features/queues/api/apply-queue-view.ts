import type { QueryClient } from '@tanstack/react-query'
import type { QueueView } from '@contract/queues'

/** Every queue write answers the new queue: show it at once, and refresh what counts it. */
export function applyQueueView(queryClient: QueryClient, view: QueueView) {
  queryClient.setQueryData(['queues', view.itemId], view)
  for (const topic of ['items', 'overview', 'history']) {
    void queryClient.invalidateQueries({ queryKey: [topic] })
  }
}
