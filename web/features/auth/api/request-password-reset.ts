import { useMutation } from '@tanstack/react-query'
import { authRequest } from './auth-request'

/** The e-mailed link comes back to /auth with ?mode=reset&token=… (or &error=INVALID_TOKEN). */
export const RESET_REDIRECT = '/auth?mode=reset'

export function requestPasswordReset(email: string) {
  return authRequest('/request-password-reset', { email, redirectTo: RESET_REDIRECT })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
