import { useMutation } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'

/** The e-mailed link comes back to /auth with ?mode=reset&token=… (or &error=INVALID_TOKEN). */
export const RESET_REDIRECT = '/auth?mode=reset'

export function requestPasswordReset(email: string) {
  return api('/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: RESET_REDIRECT } })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
