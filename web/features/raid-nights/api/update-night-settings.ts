import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RaidNightSettings } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { nightSettingsQueryOptions } from './get-night-settings'

/** Admins only. A new time zone changes how every night's times read, so every night is read again. */
export function updateNightSettings(settings: RaidNightSettings) {
  return api<RaidNightSettings>('/raid-night-settings', { method: 'PUT', body: settings })
}

export function useUpdateNightSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNightSettings,
    onSuccess: (settings) => {
      const { queryKey } = nightSettingsQueryOptions()
      queryClient.setQueryData(queryKey, settings)
      refreshAfter(queryClient, 'raid-nights', queryKey)
    },
  })
}
