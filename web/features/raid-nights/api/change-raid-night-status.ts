import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RaidNightAction, RaidNightDetail } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { raidNightQueryOptions } from './get-raid-night'

/** Complete, archive, reopen or cancel (409 RAID_NIGHT_STATUS when the status does not allow it). */
export function changeRaidNightStatus({ id, action }: { id: string; action: RaidNightAction }) {
  return api<RaidNightDetail>(`/raid-nights/${id}/status`, { method: 'POST', body: { action } })
}

export function useChangeRaidNightStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeRaidNightStatus,
    onSuccess: (night) => {
      const { queryKey } = raidNightQueryOptions(night.id)
      queryClient.setQueryData(queryKey, night)
      refreshAfter(queryClient, 'raid-nights', queryKey)
    },
  })
}
