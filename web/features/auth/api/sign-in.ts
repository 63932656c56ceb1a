import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { meQueryOptions } from '@web/lib/session'

export type SignInInput = { email: string; password: string }

/** A fresh confirmation link (sent when the e-mail is not confirmed yet) lands back on /auth. */
export const VERIFIED_CALLBACK = '/auth?verified=1'

/** better-auth's sign-in; its refusals come in the API's shape and codes (server/auth/auth-answers.ts). */
export function signIn(input: SignInInput) {
  return api('/auth/sign-in/email', { method: 'POST', body: { ...input, callbackURL: VERIFIED_CALLBACK } })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.removeQueries({ queryKey: meQueryOptions().queryKey }),
  })
}
