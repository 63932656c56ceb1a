import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Rank, RankFirst, RankList } from '@contract/ranks'
import { api } from './api-client'

// The guild's ranks, highest first: the ranks card manages them, the players page and the item dialog offer
// them. Under the players topic (web/lib/query-keys.ts): a rank change is published as a players change.

export async function getRanks(): Promise<Rank[]> {
  const { ranks } = await api<RankList>('/ranks')
  return ranks
}

export const ranksQueryOptions = () => queryOptions({ queryKey: ['players', 'ranks'], queryFn: getRanks })

export function useRanks() {
  return useQuery(ranksQueryOptions())
}

/** The guild's "rank first" (docs/decisions/018-ranks.md), under the players topic like the ranks. */
export const rankFirstQueryOptions = () =>
  queryOptions({ queryKey: ['players', 'rank-first'], queryFn: () => api<RankFirst>('/rank-first') })

export function useRankFirst() {
  return useQuery(rankFirstQueryOptions())
}
