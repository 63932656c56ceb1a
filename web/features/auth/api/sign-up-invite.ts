import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InviteSignupInput, InviteSignupResult } from '@contract/members'
import { api } from '@web/lib/api-client'
import { meQueryOptions } from '@web/lib/session'

/**
 * Creates the account and its member profile from the invite; the link proved the e-mail already, so the
 * answer signs the person in (`signedIn`).
 */
export function signUpWithInvite(input: InviteSignupInput) {
  return api<InviteSignupResult>('/accounts/signup-invite', { method: 'POST', body: input })
}

export function useSignUpWithInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signUpWithInvite,
    // As a sign-in does: whatever was read signed out is not this session's.
    onSuccess: () => queryClient.removeQueries({ queryKey: meQueryOptions().queryKey }),
  })
}
