import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PlayerStanding } from '@contract/player-standing'
import { api } from '@web/lib/api-client'

export const getPlayerStanding = (id: string) =>
  api<PlayerStanding>(`/players/${encodeURIComponent(id)}/standing`)

/** Under 'queues': every queue, item and player event refreshes it (web/lib/realtime.ts). */
export const playerStandingQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['queues', 'player', id], queryFn: () => getPlayerStanding(id) })

export function usePlayerStanding(id: string) {
  return useQuery(playerStandingQueryOptions(id))
}
