import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RaidNightDetail, RaidNightInput } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function createRaidNight(input: RaidNightInput) {
  return api<RaidNightDetail>('/raid-nights', { method: 'POST', body: input })
}

export function useCreateRaidNight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRaidNight,
    onSuccess: () => refreshAfter(queryClient, 'raid-nights'),
  })
}
