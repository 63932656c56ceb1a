import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function deletePlayer(id: string) {
  return api<void>(`/players/${id}`, { method: 'DELETE' })
}

export function useDeletePlayer() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: deletePlayer, onSuccess: () => refreshAfter(queryClient, 'players') })
}
