import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicGate } from '@contract/public'
import { api } from '@web/lib/api-client'

export const publicPath = (slug: string) => `/public/guilds/${encodeURIComponent(slug)}`

/** Every query of one guild's public page starts with this key, so one invalidation reaches them all. */
export const publicKey = (slug: string) => ['public', slug] as const

export const getPublicGate = (slug: string) => api<PublicGate>(publicPath(slug))

/**
 * How often a blocked page (payment pending, subscription or trial over) asks again: it says it comes back
 * once the guild's admin settles it, and a member who left it open sees the password form without reloading.
 * Only while blocked: an open gate hears its changes on the page's live stream.
 */
export const BLOCKED_RECHECK_MS = 60_000

export const publicGateQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...publicKey(slug), 'gate'],
    queryFn: () => getPublicGate(slug),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.blocked ? BLOCKED_RECHECK_MS : false),
  })

export function usePublicGate(slug: string) {
  return useQuery(publicGateQueryOptions(slug))
}
