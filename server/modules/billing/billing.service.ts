import type { BillingStatus } from '../../../contract/billing'
import type { BillingInterval, Language } from '../../../contract/enums'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import type { Tx } from '../../db/client'
import { deriveSubscription } from '../../lib/subscription-state'
import { firstChargeAt } from './billing-state'
import { findBillingGuild } from './billing.queries'

// The subscription screen and the three pages the provider opens (checkout, portal, extra invite). None of
// these change the guild: only a provider event does (billing-events.service.ts).

export type BillingActor = { guildId: string; email: string; language: Language }

async function guildOf(deps: Deps, guildId: string) {
  const guild = await findBillingGuild(deps.database.db, guildId)
  if (!guild) throw new AppError('NOT_FOUND')
  return guild
}

/** A provider failure (network, Stripe error, billing off) is a 502 with a stable code, logged once here. */
async function callProvider(deps: Deps, what: string, guildId: string, call: () => Promise<string>) {
  try {
    return { url: await call() }
  } catch (error) {
    deps.logger.error('billing provider failed', {
      what,
      guildId,
      provider: deps.billing.kind,
      error: String(error),
    })
    throw new AppError('BILLING_PROVIDER_ERROR')
  }
}

export async function billingStatus(deps: Deps, guildId: string): Promise<BillingStatus> {
  const guild = await guildOf(deps, guildId)
  const now = deps.now()
  const subscription = deriveSubscription(guild, now)
  const interval = (guild.billingInterval as BillingInterval | null) ?? null
  const live = subscription.status === 'active' || subscription.status === 'past_due'
  const firstCharge = firstChargeAt(guild, now)
  return {
    subscription,
    currentPeriodEnd: guild.subscriptionEndDate?.toISOString() ?? null,
    interval,
    hasBillingAccount: guild.billingCustomerId !== null,
    extraInvites: guild.extraInvites,
    provider: deps.billing.kind,
    accessUntil: live ? (guild.subscriptionAccessUntil?.toISOString() ?? null) : null,
    charged:
      guild.billingAmountCents !== null && guild.billingCurrency !== null && interval !== null
        ? {
            amount: guild.billingAmountCents / 100,
            currency: guild.billingCurrency as 'BRL' | 'USD',
            interval,
          }
        : null,
    firstChargeAt: firstCharge?.toISOString() ?? null,
  }
}

/** Subscribe: while trialing (live or expired), expired or canceled; an active or past_due one uses the portal. */
export async function startCheckout(deps: Deps, who: BillingActor, interval: BillingInterval) {
  const guild = await guildOf(deps, who.guildId)
  const now = deps.now()
  const { status } = deriveSubscription(guild, now)
  if (status === 'active' || status === 'past_due') throw new AppError('ALREADY_SUBSCRIBED')
  return callProvider(deps, 'checkout', who.guildId, () =>
    deps.billing.subscriptionCheckout({
      guildId: who.guildId,
      language: who.language,
      customerId: guild.billingCustomerId,
      email: who.email,
      interval,
      firstChargeAt: firstChargeAt(guild, now),
    }),
  )
}

/**
 * Deleting a guild ends its subscription at the provider first, inside the deletion's transaction, after
 * the guild's rows are gone but before the commit: a provider that fails (502, logged) rolls the deletion
 * back, so a guild is never deleted while its subscription still charges. No refund (the FAQ's terms).
 * A commit that fails after the provider said yes leaves a guild whose subscription ended: the provider's
 * event marks it canceled, and deleting it again asks the provider nothing.
 */
export async function deleteGuildEndingSubscription(
  deps: Deps,
  tx: Tx,
  guildId: string,
  deleteRows: () => Promise<unknown>,
) {
  // Locked: a provider event for this guild waits, then finds no guild (answered, logged, ignored).
  const guild = await findBillingGuild(tx, guildId, 'update')
  await deleteRows()
  const subscriptionId = guild?.billingSubscriptionId
  if (!guild || !subscriptionId) return
  if (guild.subscriptionStatus !== 'active' && guild.subscriptionStatus !== 'past_due') return
  try {
    await deps.billing.cancelSubscriptionNow(subscriptionId)
  } catch (error) {
    deps.logger.error('billing provider failed', {
      what: 'cancel-for-deletion',
      guildId,
      provider: deps.billing.kind,
      error: String(error),
    })
    throw new AppError('BILLING_PROVIDER_ERROR')
  }
  deps.logger.info('subscription ended with its guild', { guildId, provider: deps.billing.kind })
}

export async function openPortal(deps: Deps, who: BillingActor) {
  const guild = await guildOf(deps, who.guildId)
  const customerId = guild.billingCustomerId
  if (!customerId) throw new AppError('NO_BILLING_ACCOUNT')
  return callProvider(deps, 'portal', who.guildId, () =>
    deps.billing.portal({ guildId: who.guildId, customerId, language: who.language }),
  )
}

/** One invite per paid session (docs/decisions/003-billing.md), added when the provider says it was paid. */
export async function startExtraInviteCheckout(deps: Deps, who: BillingActor) {
  const guild = await guildOf(deps, who.guildId)
  return callProvider(deps, 'extra-invite', who.guildId, () =>
    deps.billing.extraInviteCheckout({
      guildId: who.guildId,
      language: who.language,
      customerId: guild.billingCustomerId,
      email: who.email,
    }),
  )
}
