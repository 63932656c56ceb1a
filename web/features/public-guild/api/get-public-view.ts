import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicView } from '@contract/public'
import { api } from '@web/lib/api-client'
import { publicKey, publicPath } from './get-public-gate'

export const getPublicView = (slug: string) => api<PublicView>(`${publicPath(slug)}/view`)

// Live updates arrive by server-sent events, so the data stays fresh without polling.
export const publicViewQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...publicKey(slug), 'view'], queryFn: () => getPublicView(slug) })

export function usePublicView(slug: string, enabled: boolean) {
  return useQuery({ ...publicViewQueryOptions(slug), enabled })
}
