import { TRIAL_DAYS } from '../../contract/plans'

// Pure rules on a guild's stored status and creation date, read by the guards (server/auth) and the modules.

const DAY_MS = 24 * 60 * 60 * 1000

export type SubscriptionState = {
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired'
  isTrialing: boolean
  isExpired: boolean
  /** Pro features (users page, history) are allowed. */
  allowed: boolean
  daysRemaining: number
  trialEndsAt: string
}

/** The stored subscription columns every Pro check reads (docs/decisions/003-billing.md, "Paid period"). */
export type SubscriptionColumns = {
  subscriptionStatus: string
  createdAt: Date
  /** When an active subscription's scheduled cancellation takes effect; null: none. */
  subscriptionAccessUntil: Date | null
}

/**
 * The status as of `now`: an `active` subscription whose cancellation was scheduled is `canceled` from that
 * moment on, whether or not the provider has said so yet (the sandbox never will).
 */
export function effectiveStatus(guild: SubscriptionColumns, now: Date): string {
  if (
    guild.subscriptionStatus === 'active' &&
    guild.subscriptionAccessUntil !== null &&
    now.getTime() >= guild.subscriptionAccessUntil.getTime()
  )
    return 'canceled'
  return guild.subscriptionStatus
}

/**
 * docs/product-rules.md#subscription: days remaining = max(0, 3 − full days elapsed); trial allowed while > 0.
 * Pro: active (until a scheduled cancellation takes effect) or a live trial; past_due has none (PRODUCT.md).
 */
export function deriveSubscription(guild: SubscriptionColumns, now: Date = new Date()): SubscriptionState {
  const fullDaysElapsed = Math.floor((now.getTime() - guild.createdAt.getTime()) / DAY_MS)
  const daysRemaining = Math.max(0, TRIAL_DAYS - fullDaysElapsed)
  const trialEndsAt = new Date(guild.createdAt.getTime() + TRIAL_DAYS * DAY_MS).toISOString()
  const known = ['trialing', 'active', 'past_due', 'canceled'] as const
  const stored = effectiveStatus(guild, now)
  const status = (known as readonly string[]).includes(stored)
    ? (stored as (typeof known)[number])
    : 'expired'
  const isTrialing = status === 'trialing' && daysRemaining > 0
  const allowed = status === 'active' || isTrialing
  return {
    status,
    isTrialing,
    isExpired: !allowed && status !== 'past_due',
    allowed,
    daysRemaining: status === 'trialing' ? daysRemaining : 0,
    trialEndsAt,
  }
}

type PublicGate = SubscriptionColumns

/**
 * When time alone blocks the public page: a trial once more than 3 full days have passed since creation
 * (from 4 × 24 hours after it on, docs/product-rules.md); a scheduled cancellation at subscriptionAccessUntil.
 * Otherwise Infinity (a canceled or late subscription is blocked already).
 */
export function publicPageBlocksAt(guild: PublicGate): number {
  if (guild.subscriptionStatus === 'trialing') return guild.createdAt.getTime() + (TRIAL_DAYS + 1) * DAY_MS
  if (guild.subscriptionStatus === 'active' && guild.subscriptionAccessUntil !== null)
    return guild.subscriptionAccessUntil.getTime()
  return Number.POSITIVE_INFINITY
}

export function publicPageBlockedReason(
  guild: PublicGate,
  now: Date = new Date(),
): 'SUBSCRIPTION_EXPIRED' | 'PAYMENT_PENDING' | 'TRIAL_EXPIRED' | null {
  if (guild.subscriptionStatus === 'trialing')
    return now.getTime() >= publicPageBlocksAt(guild) ? 'TRIAL_EXPIRED' : null
  // A failed payment has not ended the subscription: the page says it is pending, and opens again once paid.
  if (guild.subscriptionStatus === 'past_due') return 'PAYMENT_PENDING'
  if (guild.subscriptionStatus === 'canceled') return 'SUBSCRIPTION_EXPIRED'
  if (now.getTime() >= publicPageBlocksAt(guild)) return 'SUBSCRIPTION_EXPIRED'
  return null
}
