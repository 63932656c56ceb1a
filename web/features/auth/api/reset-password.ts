import { useMutation } from '@tanstack/react-query'
import { authRequest } from './auth-request'

export function resetPassword(input: { token: string; newPassword: string }) {
  return authRequest('/reset-password', input)
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
