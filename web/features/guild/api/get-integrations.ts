import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Integrations } from '@contract/integrations'
import { api } from '@web/lib/api-client'

export function getIntegrations() {
  return api<Integrations>('/integrations')
}

// Under ['guild']: a guild event (another admin saved, a receiver refused) refreshes it.
export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: ['guild', 'integrations'], queryFn: getIntegrations })

export function useIntegrations(enabled = true) {
  return useQuery({ ...integrationsQueryOptions(), enabled })
}
