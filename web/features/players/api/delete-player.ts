import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { invalidatePlayerViews } from './invalidate-player-views'

export function deletePlayer(id: string) {
  return api<void>(`/players/${id}`, { method: 'DELETE' })
}

export function useDeletePlayer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deletePlayer, onSuccess: () => invalidatePlayerViews(queryClient) })
}
