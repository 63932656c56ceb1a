import { useQuery } from '@tanstack/react-query'
import { playersQueryOptions } from '@web/lib/players-list'

export function usePlayers() {
  return useQuery(playersQueryOptions())
}
