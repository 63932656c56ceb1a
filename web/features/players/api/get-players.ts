import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Player } from '@contract/players'
import { api } from '@web/lib/api-client'

export async function getPlayers(): Promise<Player[]> {
  const { players } = await api<{ players: Player[] }>('/players')
  return players
}

export const playersQueryOptions = () => queryOptions({ queryKey: ['players'], queryFn: getPlayers })

export function usePlayers() {
  return useQuery(playersQueryOptions())
}
