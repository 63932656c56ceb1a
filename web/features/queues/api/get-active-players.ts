import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Player } from '@contract/players'
import { api } from '@web/lib/api-client'

// Same key and shape as the players page's list, so both share one cached copy.
async function getPlayers(): Promise<Player[]> {
  const { players } = await api<{ players: Player[] }>('/players')
  return players
}

export const playersQueryOptions = () => queryOptions({ queryKey: ['players'], queryFn: getPlayers })

/** Only active players may join a queue (spec §5). */
export function useActivePlayers() {
  return useQuery({ ...playersQueryOptions(), select: (players) => players.filter((p) => p.isActive) })
}
