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

/** docs/product-rules.md#subscription: days remaining = max(0, 3 − full days elapsed); trial allowed while > 0. */
export function deriveSubscription(
  guild: { subscriptionStatus: string; createdAt: Date },
  now: Date = new Date(),
): SubscriptionState {
  const fullDaysElapsed = Math.floor((now.getTime() - guild.createdAt.getTime()) / DAY_MS)
  const daysRemaining = Math.max(0, TRIAL_DAYS - fullDaysElapsed)
  const trialEndsAt = new Date(guild.createdAt.getTime() + TRIAL_DAYS * DAY_MS).toISOString()
  const known = ['trialing', 'active', 'past_due', 'canceled'] as const
  const status = (known as readonly string[]).includes(guild.subscriptionStatus)
    ? (guild.subscriptionStatus as (typeof known)[number])
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

type PublicGate = { subscriptionStatus: string; createdAt: Date }

/**
 * The public page blocks a trial once more than 3 full days have passed since creation: from 4 × 24 hours
 * after it on (docs/product-rules.md). Time alone blocks nothing else (a canceled or late subscription is
 * blocked already): Infinity.
 */
export function publicPageBlocksAt(guild: PublicGate): number {
  if (guild.subscriptionStatus !== 'trialing') return Number.POSITIVE_INFINITY
  return guild.createdAt.getTime() + (TRIAL_DAYS + 1) * DAY_MS
}

export function publicPageBlockedReason(
  guild: PublicGate,
  now: Date = new Date(),
): 'SUBSCRIPTION_EXPIRED' | 'TRIAL_EXPIRED' | null {
  if (guild.subscriptionStatus === 'canceled' || guild.subscriptionStatus === 'past_due')
    return 'SUBSCRIPTION_EXPIRED'
  if (now.getTime() >= publicPageBlocksAt(guild)) return 'TRIAL_EXPIRED'
  return null
}
