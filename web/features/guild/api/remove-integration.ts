import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Integrations } from '@contract/integrations'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { integrationsQueryOptions } from './get-integrations'
import type { IntegrationKind } from '@contract/enums'

export function removeIntegration(kind: IntegrationKind) {
  return api<void>(`/integrations/${kind}`, { method: 'DELETE' })
}

export function useRemoveIntegration(kind: IntegrationKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => removeIntegration(kind),
    onSuccess: () => {
      queryClient.setQueryData<Integrations>(integrationsQueryOptions().queryKey, (current) =>
        current ? { ...current, [kind]: null } : current,
      )
      refreshAfter(queryClient, 'guild', integrationsQueryOptions().queryKey)
    },
  })
}
