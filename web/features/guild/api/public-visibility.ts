import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PublicVisibility } from '@contract/public-visibility'
import { api } from '@web/lib/api-client'

// What the public page shows (contract/public-visibility.ts). Under the 'guild' root: another admin's change
// announces the guild topic, which reads it again (web/lib/query-keys.ts).

export const publicVisibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['guild', 'public-visibility'],
    queryFn: () => api<PublicVisibility>('/guild/public-visibility'),
  })

export function usePublicVisibility() {
  return useQuery(publicVisibilityQueryOptions())
}

/** Admins only. */
export function useUpdatePublicVisibility() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: PublicVisibility) =>
      api<PublicVisibility>('/guild/public-visibility', { method: 'PUT', body: settings }),
    onSuccess: (settings) => queryClient.setQueryData(publicVisibilityQueryOptions().queryKey, settings),
  })
}

/**
 * "View as the public": the server gives the signed-in member the public's access cookie and sends them to
 * the guild's public page (server/modules/guilds/public-visibility.routes.ts).
 */
export const PUBLIC_PREVIEW_URL = '/api/v1/guild/public-preview'
