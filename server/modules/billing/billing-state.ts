import type { SystemAuditAction } from '../../../contract/activity-author'
import type { BillingEvent } from '../../platform/billing/billing-provider'
import type { GuildBillingPatch } from './billing.queries'

// What one normalized provider event does to a guild, as a pure function (docs/decisions/003-billing.md):
// - ordering: a subscription event older than the last one applied (subscription_synced_at) changes nothing;
// - only the guild's current subscription can take access away; any active one grants it and becomes current;
// - a failed payment makes an active subscription past_due, never a trial or a canceled one;
// - an extra invite adds exactly one slot.

export type BillingOutcome = 'changed' | 'unchanged' | 'stale' | 'not_current'

export type BillingChange = {
  outcome: BillingOutcome
  /** Written even when nothing visible changed: subscription_synced_at moves forward. */
  patch: GuildBillingPatch
  audit: { action: SystemAuditAction; description: string } | null
}

/** The billing columns an event can change, as they stand now. */
type Guild = Required<Omit<GuildBillingPatch, 'updatedAt'>>

const STATUS_ACTION: Record<string, SystemAuditAction> = {
  active: 'SUBSCRIPTION_ACTIVATED',
  past_due: 'SUBSCRIPTION_PAST_DUE',
  canceled: 'SUBSCRIPTION_CANCELED',
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

  if (event.kind === 'payment_failed') {
    if (!isCurrent) return nothing('not_current')
    if (guild.subscriptionStatus !== 'active') return nothing('unchanged')
    return {
      outcome: 'changed',
      patch: { subscriptionStatus: 'past_due', subscriptionSyncedAt: event.createdAt },
      audit: { action: 'SUBSCRIPTION_PAST_DUE', description: 'active → past_due' },
    }
  }

  if (!isCurrent && event.status !== 'active') return nothing('not_current')
  const patch: GuildBillingPatch = { subscriptionSyncedAt: event.createdAt }
  const parts: string[] = []
  if (event.status && event.status !== guild.subscriptionStatus) {
    patch.subscriptionStatus = event.status
    parts.push(`${guild.subscriptionStatus} → ${event.status}`)
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
