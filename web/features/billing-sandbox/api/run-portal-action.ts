import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SandboxPortalActionSchema } from '@contract/billing'
import { api } from '@web/lib/api-client'

export type PortalAction = z.infer<typeof SandboxPortalActionSchema>['action']

/** What the provider's portal would do: cancel, or make the next payment fail or succeed again. */
export function runPortalAction({ id, action }: { id: string; action: PortalAction }) {
  return api<unknown>(`/billing/sandbox/sessions/${encodeURIComponent(id)}/portal`, {
    method: 'POST',
    body: { action },
  })
}

export function useRunPortalAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: PortalAction) => runPortalAction({ id, action }),
    // The page shows the subscription's status: read it again as the server now has it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['billing-sandbox', id] }),
  })
}
