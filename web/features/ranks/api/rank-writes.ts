import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Rank, RankDeleted, RankFirst, RankInput, RankList } from '@contract/ranks'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { ranksQueryOptions } from '@web/lib/ranks'

// Admins with Pro. Every change is published as a players change (server/modules/ranks/ranks.service.ts), so
// this browser refreshes what that topic can alter, the ranks among it.

export const createRank = (input: RankInput) => api<Rank>('/ranks', { method: 'POST', body: input })

export const renameRank = ({ id, ...input }: RankInput & { id: string }) =>
  api<Rank>(`/ranks/${id}`, { method: 'PATCH', body: input })

export const reorderRanks = (rankIds: string[]) =>
  api<RankList>('/rank-order', { method: 'PUT', body: { rankIds } })

export const deleteRank = (id: string) => api<RankDeleted>(`/ranks/${id}`, { method: 'DELETE' })

function useRankWrite<A, R>(write: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: write, onSettled: () => refreshAfter(queryClient, 'players') })
}

export const setRankFirst = (rankFirst: boolean) =>
  api<RankFirst>('/rank-first', { method: 'PUT', body: { rankFirst } })

export const useCreateRank = () => useRankWrite(createRank)
export const useSetRankFirst = () => useRankWrite(setRankFirst)
export const useRenameRank = () => useRankWrite(renameRank)
export const useDeleteRank = () => useRankWrite(deleteRank)

/** Shows the new order at once; a refusal (someone changed the ranks meanwhile) reloads them. */
export function useReorderRanks() {
  const queryClient = useQueryClient()
  const { queryKey } = ranksQueryOptions()
  return useMutation({
    mutationFn: reorderRanks,
    onMutate: async (rankIds) => {
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData<Rank[]>(queryKey, (ranks) => {
        if (!ranks) return ranks
        const byId = new Map(ranks.map((rank) => [rank.id, rank]))
        return rankIds.flatMap((id, level) => {
          const rank = byId.get(id)
          return rank ? [{ ...rank, level }] : []
        })
      })
    },
    onSettled: () => refreshAfter(queryClient, 'players'),
  })
}
