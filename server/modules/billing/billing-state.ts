import type { SystemAuditAction } from '../../../contract/activity-author'
import { deriveSubscription, effectiveStatus } from '../../lib/subscription-state'
import type { BillingEvent } from '../../platform/billing/billing-provider'
import type { GuildBillingPatch } from './billing.queries'

// What one normalized provider event does to a guild, as a pure function (docs/decisions/003-billing.md):
// - ordering: a subscription event older than the last one applied (subscription_synced_at) changes nothing;
// - only the guild's current subscription can take access away; any active one grants it and becomes current;
// - a failed payment makes an active subscription past_due, never a trial or a canceled one; past_due has no
//   Pro until it is paid (PRODUCT.md: Pro needs active or a live trial; the public page is blocked);
// - a scheduled cancellation keeps the subscription active (and Pro) until it takes effect;
// - an extra invite adds exactly one slot.

/** Stripe refuses a checkout whose trial ends sooner than 48 hours away; ten minutes of margin. */
export const MIN_TRIAL_LEFT_MS = 48 * 60 * 60 * 1000 + 10 * 60 * 1000

/**
 * When a subscription bought now is first charged: at once, or, during the guild's live trial, when the
 * trial ends (never sooner than Stripe accepts: 48 hours away; both providers use this one answer).
 */
export function firstChargeAt(
  guild: { subscriptionStatus: string; createdAt: Date; subscriptionAccessUntil: Date | null },
  now: Date,
): Date | null {
  const state = deriveSubscription(guild, now)
  if (!state.isTrialing) return null
  return new Date(Math.max(new Date(state.trialEndsAt).getTime(), now.getTime() + MIN_TRIAL_LEFT_MS))
}

export type BillingOutcome = 'changed' | 'unchanged' | 'stale' | 'not_current'

export type BillingChange = {
  outcome: BillingOutcome
  /** Written even when nothing visible changed: subscription_synced_at moves forward. */
  patch: GuildBillingPatch
  audit: { action: SystemAuditAction; description: string } | null
}

/** The billing columns an event can change, as they stand now. */
type Guild = Required<Omit<GuildBillingPatch, 'updatedAt'>> & { createdAt: Date }

const STATUS_ACTION: Record<string, SystemAuditAction> = {
  active: 'SUBSCRIPTION_ACTIVATED',
  past_due: 'SUBSCRIPTION_PAST_DUE',
  canceled: 'SUBSCRIPTION_CANCELED',
}

/**
 * subscriptionAccessUntil after a subscription event (undefined: unchanged). Active: the scheduled
 * cancellation the event states (a new subscription starts with none). Past due and canceled: none (no Pro
 * until it is paid).
 */
function nextAccessUntil(
  event: Extract<BillingEvent, { kind: 'subscription' }>,
  status: string,
  current: string,
  isNew: boolean,
): Date | null | undefined {
  if (status === 'active') {
    if (event.cancelAt !== undefined) return event.cancelAt
    return isNew || current !== 'active' ? null : undefined
  }
  if (status === 'past_due' || status === 'canceled') return null
  return undefined
}

const nothing = (outcome: BillingOutcome): BillingChange => ({ outcome, patch: {}, audit: null })
const isStale = (guild: Guild, event: BillingEvent) =>
  guild.subscriptionSyncedAt !== null && event.createdAt.getTime() < guild.subscriptionSyncedAt.getTime()
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '—')

export function planBillingChange(guild: Guild, event: BillingEvent): BillingChange {
  if (event.kind === 'extra_invite') {
    return {
      outcome: 'changed',
      patch: { extraInvites: guild.extraInvites + 1 },
      audit: {
        action: 'SUBSCRIPTION_EXTRA_INVITE',
        description: `${guild.extraInvites} → ${guild.extraInvites + 1}`,
      },
    }
  }
  if (isStale(guild, event)) return nothing('stale')
  const isCurrent = event.subscriptionId !== null && event.subscriptionId === guild.billingSubscriptionId
  // A cancellation whose time has come counts as done, though its provider event has not arrived (yet).
  const current = effectiveStatus(guild, event.createdAt)

  if (event.kind === 'payment_failed') {
    if (!isCurrent) return nothing('not_current')
    if (current !== 'active') return nothing('unchanged')
    return {
      outcome: 'changed',
      patch: {
        subscriptionStatus: 'past_due',
        subscriptionAccessUntil: null,
        subscriptionSyncedAt: event.createdAt,
      },
      audit: { action: 'SUBSCRIPTION_PAST_DUE', description: 'active → past_due' },
    }
  }

  if (!isCurrent && event.status !== 'active') return nothing('not_current')
  const patch: GuildBillingPatch = { subscriptionSyncedAt: event.createdAt }
  const parts: string[] = []
  const status = event.status ?? current
  if (event.status && event.status !== current) {
    patch.subscriptionStatus = event.status
    parts.push(`${current} → ${event.status}`)
  } else if (event.status && event.status !== guild.subscriptionStatus) {
    // Stored `active`, effectively canceled already: the provider now says so too (the end, on record).
    patch.subscriptionStatus = event.status
    parts.push(`${guild.subscriptionStatus} → ${event.status}`)
  }
  const accessUntil = nextAccessUntil(event, status, current, !isCurrent)
  if (accessUntil !== undefined && accessUntil?.getTime() !== guild.subscriptionAccessUntil?.getTime()) {
    patch.subscriptionAccessUntil = accessUntil
    // A scheduled cancellation is written as the change it will make, and when (language-neutral).
    if (status === 'active' && accessUntil !== null && !patch.subscriptionStatus)
      parts.push(`active → canceled · → ${day(accessUntil)}`)
    else if (status === 'active' && accessUntil === null && current === 'active' && !patch.subscriptionStatus)
      parts.push('canceled → active')
  }
  if (
    event.price &&
    (event.price.amountCents !== guild.billingAmountCents || event.price.currency !== guild.billingCurrency)
  ) {
    patch.billingAmountCents = event.price.amountCents
    patch.billingCurrency = event.price.currency
  }
  if (event.interval && event.interval !== guild.billingInterval) {
    patch.billingInterval = event.interval
    parts.push(event.interval)
  }
  if (
    event.currentPeriodEnd !== undefined &&
    event.currentPeriodEnd?.getTime() !== guild.subscriptionEndDate?.getTime()
  ) {
    patch.subscriptionEndDate = event.currentPeriodEnd
    parts.push(`→ ${day(event.currentPeriodEnd)}`)
  }
  if (event.subscriptionId && event.subscriptionId !== guild.billingSubscriptionId) {
    patch.billingSubscriptionId = event.subscriptionId
  }
  if (event.customerId && event.customerId !== guild.billingCustomerId) {
    patch.billingCustomerId = event.customerId
  }
  const visible = Object.keys(patch).filter((key) => key !== 'subscriptionSyncedAt')
  if (visible.length === 0) return { outcome: 'unchanged', patch, audit: null }
  return {
    outcome: 'changed',
    patch,
    audit: {
      action: patch.subscriptionStatus ? STATUS_ACTION[patch.subscriptionStatus]! : 'SUBSCRIPTION_UPDATE',
      // Language-neutral: status codes, the interval code and an ISO date; readers see the action translated.
      description: parts.join(' · ') || (patch.billingSubscriptionId ?? patch.billingCustomerId ?? ''),
    },
  }
}
