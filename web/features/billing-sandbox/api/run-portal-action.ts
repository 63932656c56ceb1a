import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SandboxPortalActionSchema, SandboxSession } from '@contract/billing'
import { api } from '@web/lib/api-client'
import { sandboxSessionQueryOptions } from './get-sandbox-session'

export type PortalAction = z.infer<typeof SandboxPortalActionSchema>['action']

/** What the provider's portal would do: cancel, or make the next payment fail or succeed again. */
export function runPortalAction({ id, action }: { id: string; action: PortalAction }) {
  return api<SandboxSession>(`/billing/sandbox/sessions/${encodeURIComponent(id)}/portal`, {
    method: 'POST',
    body: { action },
  })
}

export function useRunPortalAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: PortalAction) => runPortalAction({ id, action }),
    // The server answers the session as it is now, with the subscription's new status.
    onSuccess: (session) => queryClient.setQueryData(sandboxSessionQueryOptions(id).queryKey, session),
    // A refusal means the page showed an old status: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: sandboxSessionQueryOptions(id).queryKey }),
  })
}
