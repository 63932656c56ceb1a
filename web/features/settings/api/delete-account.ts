import { useMutation } from '@tanstack/react-query'
import type { DeleteAccountInput } from '@contract/accounts'
import { api } from '@web/lib/api-client'
import { SESSION_END_KEY } from '@web/lib/session'

export function deleteAccount(input: DeleteAccountInput) {
  return api<{ deleted: 'account' | 'guild' }>('/me', { method: 'DELETE', body: input })
}

export function useDeleteAccount() {
  return useMutation({ mutationKey: SESSION_END_KEY, mutationFn: deleteAccount })
}
