import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RaidNightDetail } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** "Same as last week": a new night with the same name, description and times, 7 days later. */
export function copyRaidNight(id: string) {
  return api<RaidNightDetail>(`/raid-nights/${id}/copy`, { method: 'POST' })
}

export function useCopyRaidNight() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: copyRaidNight, onSuccess: () => refreshAfter(queryClient, 'raid-nights') })
}
