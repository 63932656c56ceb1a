import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { queueKey, refreshAfter } from '@web/lib/query-keys'

export function deleteItem(id: string) {
  return api<void>(`/items/${id}`, { method: 'DELETE' })
}

export function useDeleteItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queueKey(id) })
      refreshAfter(queryClient, 'items')
    },
  })
}
