import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me, Notifications } from '@contract/accounts'
import { api } from '@web/lib/api-client'

export function updateNotifications(input: Notifications) {
  return api<Notifications>('/me/notifications', { method: 'PUT', body: input })
}

const withNotifications = (me: Me | undefined, notifications: Notifications) =>
  me?.profile ? { ...me, profile: { ...me.profile, notifications } } : me

/** Optimistic: the switch moves at once and moves back if the server refuses. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotifications,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: ['me'] })
      const previous = queryClient.getQueryData<Me>(['me'])
      queryClient.setQueryData<Me>(['me'], (me) => withNotifications(me, next))
      return { previous }
    },
    onError: (_error, _next, context) => queryClient.setQueryData(['me'], context?.previous),
    onSuccess: (saved) => queryClient.setQueryData<Me>(['me'], (me) => withNotifications(me, saved)),
  })
}
