import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me, Notifications } from '@contract/accounts'
import { api } from '@web/lib/api-client'
import { meQueryOptions } from '@web/lib/session'

export function updateNotifications(input: Notifications) {
  return api<Notifications>('/me/notifications', { method: 'PUT', body: input })
}

const withNotifications = (me: Me | undefined, notifications: Notifications) =>
  me?.profile ? { ...me, profile: { ...me.profile, notifications } } : me

/** Optimistic: the switch moves at once and moves back if the server refuses. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient()
  const meKey = meQueryOptions().queryKey
  return useMutation({
    mutationFn: updateNotifications,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: meKey })
      const previous = queryClient.getQueryData(meKey)
      queryClient.setQueryData(meKey, (me) => withNotifications(me, next))
      return { previous }
    },
    onError: (_error, _next, context) => queryClient.setQueryData(meKey, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(meKey, (me) => withNotifications(me, saved)),
  })
}
