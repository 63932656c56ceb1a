import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Item, ItemInput } from '@contract/items'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function createItem(input: ItemInput) {
  return api<Item>('/items', { method: 'POST', body: input })
}

export function useCreateItem() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createItem, onSuccess: () => refreshAfter(queryClient, 'items') })
}
