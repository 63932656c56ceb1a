import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Player, PlayersBatch } from '@contract/players'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** Several players in one change, all or nothing (server/modules/players/players.service.ts, createPlayers). */
export function createPlayers(input: PlayersBatch) {
  return api<{ players: Player[] }>('/players-batch', { method: 'POST', body: input })
}

export function useCreatePlayers() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createPlayers, onSuccess: () => refreshAfter(queryClient, 'players') })
}
