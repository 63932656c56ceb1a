import { useQuery } from '@tanstack/react-query'
import { playersQueryOptions } from '@web/lib/players-list'

/** Only active players may join a queue (docs/product-rules.md, "Players"). */
export function useActivePlayers() {
  return useQuery({ ...playersQueryOptions(), select: (players) => players.filter((p) => p.isActive) })
}
