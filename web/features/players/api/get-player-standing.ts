import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerStanding } from '@contract/player-standing'
import { api } from '@web/lib/api-client'
import { penaltiesEndAt, soonerOf, useRefetchAt } from '@web/hooks/use-refetch-at'

export const getPlayerStanding = (id: string) =>
  api<PlayerStanding>(`/players/${encodeURIComponent(id)}/standing`)

/** Under 'queues': every queue, item and player event refreshes it (web/lib/realtime.ts). */
export const playerStandingQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['queues', 'player', id], queryFn: () => getPlayerStanding(id) })

/** Read again when a raid night starts or ends, or one of the player's penalties does (no write says so). */
export function usePlayerStanding(id: string) {
  const query = useQuery(playerStandingQueryOptions(id))
  useRefetchAt(soonerOf(query.data?.checkAgainAt, penaltiesEndAt(query.data?.queues)), query.refetch)
  return query
}
