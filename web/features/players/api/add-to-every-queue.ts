import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddedToEveryQueue } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** The player joins, at the end, every queue of the guild they are not in (docs/product-rules.md, "Players"). */
export const addToEveryQueue = (playerId: string) =>
  api<AddedToEveryQueue>(`/players/${encodeURIComponent(playerId)}/every-queue`, { method: 'POST' })

/** Every queue read again afterwards, the player's page among them (['queues', 'player', id]). */
export function useAddToEveryQueue() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: addToEveryQueue, onSuccess: () => refreshAfter(queryClient, 'queues') })
}
