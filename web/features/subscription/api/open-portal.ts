import { useMutation } from '@tanstack/react-query'
import type { RedirectUrl } from '@contract/billing'
import { api } from '@web/lib/api-client'

export function openPortal() {
  return api<RedirectUrl>('/billing/portal', { method: 'POST' })
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal })
}
