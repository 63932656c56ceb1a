import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerStanding } from '@contract/player-standing'
import { api } from '@web/lib/api-client'
import { penaltiesEndAt, soonerOf, useRefetchAt } from '@web/hooks/use-refetch-at'
import { publicPath } from './get-public-gate'

export const getPublicPlayer = (slug: string, playerId: string) =>
  api<PlayerStanding>(`${publicPath(slug)}/players/${encodeURIComponent(playerId)}`)

/** Under ['public', slug]: the public event stream refetches it on every change of the guild. */
export const publicPlayerQueryOptions = (slug: string, playerId: string) =>
  queryOptions({
    queryKey: ['public', slug, 'player', playerId],
    queryFn: () => getPublicPlayer(slug, playerId),
  })

/** Read again when a raid night starts or ends, or one of the player's penalties does (no write says so). */
export function usePublicPlayer(slug: string, playerId: string) {
  const query = useQuery(publicPlayerQueryOptions(slug, playerId))
  useRefetchAt(soonerOf(query.data?.checkAgainAt, penaltiesEndAt(query.data?.queues)), query.refetch)
  return query
}
