import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicGate } from '@contract/public'
import { api } from '@web/lib/api-client'

export const publicPath = (slug: string) => `/public/guilds/${encodeURIComponent(slug)}`

/** Every query of one guild's public page starts with this key, so one invalidation reaches them all. */
export const publicKey = (slug: string) => ['public', slug] as const

export const getPublicGate = (slug: string) => api<PublicGate>(publicPath(slug))

export const publicGateQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...publicKey(slug), 'gate'], queryFn: () => getPublicGate(slug), staleTime: 0 })

export function usePublicGate(slug: string) {
  return useQuery(publicGateQueryOptions(slug))
}
