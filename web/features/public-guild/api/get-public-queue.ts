import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicQueue } from '@contract/public'
import { penaltiesEndAt, useRefetchAt } from '@web/hooks/use-refetch-at'
import { api } from '@web/lib/api-client'
import { publicKey, publicPath } from './get-public-gate'

export const getPublicQueue = (slug: string, itemId: string) =>
  api<PublicQueue>(`${publicPath(slug)}/items/${encodeURIComponent(itemId)}/queue`)

export const publicQueueQueryOptions = (slug: string, itemId: string) =>
  queryOptions({
    queryKey: [...publicKey(slug), 'queue', itemId],
    queryFn: () => getPublicQueue(slug, itemId),
  })

/** A public queue: refreshed by the guild's events, and when a penalty in it ends (no write announces that). */
export function usePublicQueue(slug: string, itemId: string | null) {
  const query = useQuery({ ...publicQueueQueryOptions(slug, itemId ?? ''), enabled: itemId !== null })
  useRefetchAt(penaltiesEndAt(query.data?.entries), query.refetch)
  return query
}
