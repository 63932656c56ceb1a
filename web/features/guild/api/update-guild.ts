import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Guild, GuildPatch } from '@contract/guild'
import { api } from '@web/lib/api-client'

export function updateGuild(patch: GuildPatch) {
  return api<Guild>('/guild', { method: 'PATCH', body: patch })
}

export function useUpdateGuild() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateGuild,
    onSuccess: (guild) => {
      queryClient.setQueryData(['guild', 'detail'], guild)
      // The top bar shows the name, and the stats card the last update.
      void queryClient.invalidateQueries({ queryKey: ['me'] })
      void queryClient.invalidateQueries({ queryKey: ['guild', 'stats'] })
    },
  })
}
