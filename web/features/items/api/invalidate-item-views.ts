import type { QueryClient } from '@tanstack/react-query'

/** Item counts show in the summary cards and the overview; a deleted item also leaves the queues. */
export function invalidateItemViews(queryClient: QueryClient) {
  for (const topic of ['items', 'overview', 'queues']) {
    void queryClient.invalidateQueries({ queryKey: [topic] })
  }
}
