import { useMutation } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'

export function resetPassword(input: { token: string; newPassword: string }) {
  return api('/auth/reset-password', { method: 'POST', body: input })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
