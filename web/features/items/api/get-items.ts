import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Item } from '@contract/items'
import { api } from '@web/lib/api-client'

export async function getItems(): Promise<Item[]> {
  const { items } = await api<{ items: Item[] }>('/items')
  return items
}

export const itemsQueryOptions = () => queryOptions({ queryKey: ['items', 'list'], queryFn: getItems })

export function useItems() {
  return useQuery(itemsQueryOptions())
}
