import { queryOptions } from '@tanstack/react-query'
import type { Player } from '@contract/players'
import { api } from './api-client'

// The guild's players: the players page lists them, a queue offers the active ones. One key, one cached copy.

export async function getPlayers(): Promise<Player[]> {
  const { players } = await api<{ players: Player[] }>('/players')
  return players
}

export const playersQueryOptions = () => queryOptions({ queryKey: ['players'], queryFn: getPlayers })
