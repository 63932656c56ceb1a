import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authRequest } from './auth-request'
import { meQueryOptions } from '@web/lib/session'

export type SignInInput = { email: string; password: string }

/** A fresh confirmation link (sent when the e-mail is not confirmed yet) lands back on /auth. */
export const VERIFIED_CALLBACK = '/auth?verified=1'

export function signIn(input: SignInInput) {
  return authRequest('/sign-in/email', { ...input, callbackURL: VERIFIED_CALLBACK })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.removeQueries({ queryKey: meQueryOptions().queryKey }),
  })
}
