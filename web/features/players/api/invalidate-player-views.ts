import type { QueryClient } from '@tanstack/react-query'

/** A player's name or status shows in queues, item counts and the overview too, so all of them refetch. */
export function invalidatePlayerViews(queryClient: QueryClient) {
  for (const topic of ['players', 'items', 'queues', 'overview']) {
    void queryClient.invalidateQueries({ queryKey: [topic] })
  }
}
