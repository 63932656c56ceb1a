import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicQueue } from '@contract/public'
import { api } from '@web/lib/api-client'
import { publicKey, publicPath } from './get-public-gate'

export const getPublicQueue = (slug: string, itemId: string) =>
  api<PublicQueue>(`${publicPath(slug)}/items/${encodeURIComponent(itemId)}/queue`)

export const publicQueueQueryOptions = (slug: string, itemId: string) =>
  queryOptions({
    queryKey: [...publicKey(slug), 'queue', itemId],
    queryFn: () => getPublicQueue(slug, itemId),
  })

export function usePublicQueue(slug: string, itemId: string | null) {
  return useQuery({ ...publicQueueQueryOptions(slug, itemId ?? ''), enabled: itemId !== null })
}
