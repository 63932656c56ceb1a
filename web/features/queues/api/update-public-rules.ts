import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { publicRulesQueryOptions } from './get-public-rules'

export function updatePublicRules(publicRules: string) {
  return api<{ publicRules: string | null }>('/public-rules', { method: 'PUT', body: { publicRules } })
}

export function useUpdatePublicRules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePublicRules,
    onSuccess: ({ publicRules }) => queryClient.setQueryData(publicRulesQueryOptions().queryKey, publicRules),
  })
}
