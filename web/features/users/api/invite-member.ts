import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InviteInput, InviteResult } from '@contract/members'
import { api } from '@web/lib/api-client'
import { invalidateMembers } from './invalidate-members'

export function inviteMember(input: InviteInput) {
  return api<InviteResult>('/invitations', { method: 'POST', body: input })
}

export function useInviteMember() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: inviteMember, onSettled: () => invalidateMembers(queryClient) })
}
