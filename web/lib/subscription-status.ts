import type { Subscription } from '@contract/accounts'

// How every screen reads a guild's subscription state (docs/product-rules.md, "Subscription"): the subscription
// and guild pages and the dashboard's billing notice. The days left are the server's (`daysRemaining`,
// server/lib/subscription-state.ts), never counted again here.

export const DISPLAY_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'expired', 'unknown'] as const
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number]

/** A trial whose days ran out is shown as expired; a value the screens do not know is 'unknown'. */
export function displayStatus(subscription: Subscription): DisplayStatus {
  if (subscription.status === 'trialing' && subscription.isExpired) return 'expired'
  return (DISPLAY_STATUSES as readonly string[]).includes(subscription.status)
    ? subscription.status
    : 'unknown'
}
