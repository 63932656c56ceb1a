import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { raidNightQueryOptions } from './get-raid-night'

/** 409 RAID_NIGHT_HAS_AWARDS when items were handed out during it: archive it instead. */
export function deleteRaidNight(id: string) {
  return api<void>(`/raid-nights/${id}`, { method: 'DELETE' })
}

export function useDeleteRaidNight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRaidNight,
    onSuccess: (_, id) => {
      // Its page is gone: no refetch of a night that answers 404.
      queryClient.removeQueries({ queryKey: raidNightQueryOptions(id).queryKey })
      refreshAfter(queryClient, 'raid-nights')
    },
  })
}
