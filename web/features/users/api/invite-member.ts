import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InviteInput, InviteResult } from '@contract/members'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export function inviteMember(input: InviteInput) {
  return api<InviteResult>('/invitations', { method: 'POST', body: input })
}

export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: inviteMember, onSettled: () => refreshAfter(queryClient, 'members') })
}
