import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlayersRank } from '@contract/players'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** The selected players, all given one rank (null: none), in one request and one transaction. */
export function setPlayersRank(change: PlayersRank) {
  return api<{ changed: number }>('/players-rank', { method: 'PUT', body: change })
}

export function useSetPlayersRank() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setPlayersRank, onSuccess: () => refreshAfter(queryClient, 'players') })
}
