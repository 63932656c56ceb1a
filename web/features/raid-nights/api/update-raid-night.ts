import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RaidNightDetail, RaidNightInput } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { raidNightQueryOptions } from './get-raid-night'

export function updateRaidNight({ id, ...patch }: Partial<RaidNightInput> & { id: string }) {
  return api<RaidNightDetail>(`/raid-nights/${id}`, { method: 'PATCH', body: patch })
}

export function useUpdateRaidNight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRaidNight,
    onSuccess: (night) => {
      const { queryKey } = raidNightQueryOptions(night.id)
      queryClient.setQueryData(queryKey, night)
      refreshAfter(queryClient, 'raid-nights', queryKey)
    },
  })
}
