import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Member, MemberPatch } from '@contract/members'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function updateMember({ id, ...patch }: MemberPatch & { id: string }) {
  return api<Member>(`/members/${id}`, { method: 'PATCH', body: patch })
}

export function useUpdateMember() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateMember, onSuccess: () => refreshAfter(queryClient, 'members') })
}
