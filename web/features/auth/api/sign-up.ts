import { useMutation } from '@tanstack/react-query'
import type { SignupInput } from '@contract/accounts'
import { api } from '@web/lib/api-client'

export type SignupResult = { email: string; slug: string; verificationRequired: boolean }

export function signUp(input: SignupInput) {
  return api<SignupResult>('/accounts/signup', { method: 'POST', body: input })
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
