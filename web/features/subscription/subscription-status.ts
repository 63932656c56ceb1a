import type { BillingStatus } from '@contract/billing'
import { displayStatus } from '@web/lib/subscription-status'

export type BillingAction = 'checkout' | 'portal'

/**
 * Trialing, expired or canceled: subscribe (checkout). Otherwise the provider's portal manages it, which needs
 * a billing account; without one, subscribing is the only way forward.
 */
export function billingAction(billing: BillingStatus): BillingAction {
  const status = displayStatus(billing.subscription)
  if (status === 'trialing' || status === 'expired' || status === 'canceled') return 'checkout'
  return billing.hasBillingAccount ? 'portal' : 'checkout'
}
