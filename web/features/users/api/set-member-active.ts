import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Member } from '@contract/members'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

/** POST /members/{id}/activate or /deactivate (deactivating ends every session of that user). */
export function setMemberActive({ id, active }: { id: string; active: boolean }) {
  return api<Member>(`/members/${id}/${active ? 'activate' : 'deactivate'}`, { method: 'POST' })
}

export function useSetMemberActive() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setMemberActive, onSuccess: () => refreshAfter(queryClient, 'members') })
}
