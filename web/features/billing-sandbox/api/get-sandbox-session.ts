import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SandboxSession } from '@contract/billing'
import { api } from '@web/lib/api-client'

export function getSandboxSession(id: string) {
  return api<SandboxSession>(`/billing/sandbox/sessions/${encodeURIComponent(id)}`)
}

export const sandboxSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['billing-sandbox', id], queryFn: () => getSandboxSession(id) })

export function useSandboxSession(id: string) {
  return useQuery(sandboxSessionQueryOptions(id))
}
