import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicGate } from '@contract/public'
import { api } from '@web/lib/api-client'

export const publicPath = (slug: string) => `/public/guilds/${encodeURIComponent(slug)}`

export const getPublicGate = (slug: string) => api<PublicGate>(publicPath(slug))

export const publicGateQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['public', slug, 'gate'], queryFn: () => getPublicGate(slug), staleTime: 0 })

export function usePublicGate(slug: string) {
  return useQuery(publicGateQueryOptions(slug))
}
