import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DiscordSettings, Integration, Integrations, WebhookSettings } from '@contract/integrations'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { integrationsQueryOptions } from './get-integrations'
import type { IntegrationKind } from '@contract/enums'

export function saveIntegration(kind: IntegrationKind, settings: DiscordSettings | WebhookSettings) {
  return api<Integration>(`/integrations/${kind}`, { method: 'PUT', body: settings })
}

export function useSaveIntegration(kind: IntegrationKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: DiscordSettings | WebhookSettings) => saveIntegration(kind, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData<Integrations>(integrationsQueryOptions().queryKey, (current) =>
        current ? { ...current, [kind]: saved } : current,
      )
      // The activity log has the change now.
      refreshAfter(queryClient, 'guild', integrationsQueryOptions().queryKey)
    },
  })
}
