import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** Deletes the member's account and profile (LGPD); the history rows they wrote stay, by name. */
export function removeMember(id: string) {
  return api<void>(`/members/${id}`, { method: 'DELETE' })
}

export function useRemoveMember() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: removeMember, onSuccess: () => refreshAfter(queryClient, 'members') })
}
