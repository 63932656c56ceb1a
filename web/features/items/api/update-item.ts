import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Item, ItemPatch } from '@contract/items'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { itemsQueryOptions } from './get-items'

type Vars = ItemPatch & { id: string }

export function updateItem({ id, ...patch }: Vars) {
  return api<Item>(`/items/${id}`, { method: 'PATCH', body: patch })
}

export function useUpdateItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateItem,
    // The visibility switch answers at once; the list is put right again if the server says no.
    onMutate: async (vars) => {
      if (vars.isPublicVisible === undefined) return
      const { queryKey } = itemsQueryOptions()
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData(queryKey, (items) =>
        items?.map((item) =>
          item.id === vars.id ? { ...item, isPublicVisible: vars.isPublicVisible! } : item,
        ),
      )
    },
    onSettled: () => refreshAfter(queryClient, 'items'),
  })
}
