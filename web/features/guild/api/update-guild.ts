import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Guild, GuildPatch } from '@contract/guild'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { guildQueryOptions } from './get-guild'

export function updateGuild(patch: GuildPatch) {
  return api<Guild>('/guild', { method: 'PATCH', body: patch })
}

export function useUpdateGuild() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateGuild,
    onSuccess: (guild) => {
      const { queryKey } = guildQueryOptions()
      queryClient.setQueryData(queryKey, guild)
      // The top bar shows the name, and the stats card the last update.
      refreshAfter(queryClient, 'guild', queryKey)
    },
  })
}
