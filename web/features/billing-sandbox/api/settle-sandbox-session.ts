import { useMutation } from '@tanstack/react-query'
import type { SandboxSession } from '@contract/billing'
import { api } from '@web/lib/api-client'

export type Settlement = 'pay' | 'cancel'

/** Pagar or Cancelar on the sandbox checkout: the server applies it as the provider's event would. */
export function settleSandboxSession({ id, outcome }: { id: string; outcome: Settlement }) {
  return api<SandboxSession>(`/billing/sandbox/sessions/${encodeURIComponent(id)}/${outcome}`, {
    method: 'POST',
  })
}

export function useSettleSandboxSession() {
  return useMutation({ mutationFn: settleSandboxSession })
}
