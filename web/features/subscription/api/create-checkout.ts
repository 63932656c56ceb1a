import { useMutation } from '@tanstack/react-query'
import type { CheckoutInput, RedirectUrl } from '@contract/billing'
import { api } from '@web/lib/api-client'

/** The server prices the session from its own plan table; the browser only picks the interval. */
export function createCheckout(input: CheckoutInput) {
  return api<RedirectUrl>('/billing/checkout', { method: 'POST', body: input })
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout })
}
