import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Player, PlayerInput } from '@contract/players'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function createPlayer(input: PlayerInput) {
  return api<Player>('/players', { method: 'POST', body: input })
}

export function useCreatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createPlayer, onSuccess: () => refreshAfter(queryClient, 'players') })
}
