import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerStanding } from '@contract/player-standing'
import { api } from '@web/lib/api-client'
import { publicPath } from './get-public-gate'

export const getPublicPlayer = (slug: string, playerId: string) =>
  api<PlayerStanding>(`${publicPath(slug)}/players/${encodeURIComponent(playerId)}`)

/** Under ['public', slug]: the public event stream refetches it on every change of the guild. */
export const publicPlayerQueryOptions = (slug: string, playerId: string) =>
  queryOptions({
    queryKey: ['public', slug, 'player', playerId],
    queryFn: () => getPublicPlayer(slug, playerId),
  })

export function usePublicPlayer(slug: string, playerId: string) {
  return useQuery(publicPlayerQueryOptions(slug, playerId))
}
