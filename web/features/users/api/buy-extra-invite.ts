import { useMutation } from '@tanstack/react-query'
import type { RedirectUrl } from '@contract/billing'
import { api } from '@web/lib/api-client'

/** Opens a one-off checkout for one extra invite; its return lands on /dashboard/users?payment=… */
export function buyExtraInvite() {
  return api<RedirectUrl>('/billing/extra-invite', { method: 'POST' })
}

export function useBuyExtraInvite() {
  return useMutation({ mutationFn: buyExtraInvite })
}
