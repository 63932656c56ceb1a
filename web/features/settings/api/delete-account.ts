import { useMutation } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'

export function deleteAccount(input: { confirmGuildName?: string }) {
  return api<{ deleted: 'account' | 'guild' }>('/me', { method: 'DELETE', body: input })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount })
}
