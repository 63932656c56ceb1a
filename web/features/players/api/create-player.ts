import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Player, PlayerInput } from '@contract/players'
import { api } from '@web/lib/api-client'
import { invalidatePlayerViews } from './invalidate-player-views'

export function createPlayer(input: PlayerInput) {
  return api<Player>('/players', { method: 'POST', body: input })
}

export function useCreatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createPlayer, onSuccess: () => invalidatePlayerViews(queryClient) })
}
