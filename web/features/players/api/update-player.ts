import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Player, PlayerInput } from '@contract/players'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function updatePlayer({ id, ...patch }: Partial<PlayerInput> & { id: string }) {
  return api<Player>(`/players/${id}`, { method: 'PATCH', body: patch })
}

export function useUpdatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updatePlayer, onSuccess: () => refreshAfter(queryClient, 'players') })
}
