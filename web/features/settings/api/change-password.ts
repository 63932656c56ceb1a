import { useMutation } from '@tanstack/react-query'
import type { PasswordChange } from '@contract/accounts'
import { api } from '@web/lib/api-client'

export function changePassword(input: PasswordChange) {
  return api<void>('/me/password', { method: 'POST', body: input })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
