import type { BillingStatus } from '@contract/billing'
import type { Subscription } from '@contract/accounts'

// How the subscription screen reads a guild's subscription state (docs/product-rules.md, "Subscription").

export const DISPLAY_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'expired', 'unknown'] as const
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number]

/** A trial whose days ran out is shown as expired; a value this screen does not know is 'unknown'. */
export function displayStatus(subscription: Subscription): DisplayStatus {
  if (subscription.status === 'trialing' && subscription.isExpired) return 'expired'
  return (DISPLAY_STATUSES as readonly string[]).includes(subscription.status)
    ? subscription.status
    : 'unknown'
}

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
