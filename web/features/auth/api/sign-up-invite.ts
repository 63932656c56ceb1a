import { useMutation } from '@tanstack/react-query'
import type { InviteSignupInput } from '@contract/members'
import { api } from '@web/lib/api-client'

/** Creates the account and its member profile from the invite; the link proved the e-mail already. */
export function signUpWithInvite(input: InviteSignupInput) {
  return api<{ email: string }>('/accounts/signup-invite', { method: 'POST', body: input })
}

export function useSignUpWithInvite() {
  return useMutation({ mutationFn: signUpWithInvite })
}
