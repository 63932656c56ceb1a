import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function cancelInvitation(id: string) {
  return api<void>(`/invitations/${id}`, { method: 'DELETE' })
}

export function useCancelInvitation() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: cancelInvitation, onSuccess: () => refreshAfter(queryClient, 'members') })
}
