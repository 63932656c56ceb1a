import type { BillingStatus } from '../../../contract/billing'
import type { BillingInterval, Language } from '../../../contract/enums'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { deriveSubscription } from '../../lib/subscription-state'
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
  return {
    subscription: deriveSubscription(guild, deps.now()),
    currentPeriodEnd: guild.subscriptionEndDate?.toISOString() ?? null,
    interval: (guild.billingInterval as BillingInterval | null) ?? null,
    hasBillingAccount: guild.billingCustomerId !== null,
    extraInvites: guild.extraInvites,
    provider: deps.billing.kind,
  }
}

/** Subscribe: while trialing (live or expired), expired or canceled; an active or past_due one uses the portal. */
export async function startCheckout(deps: Deps, who: BillingActor, interval: BillingInterval) {
  const guild = await guildOf(deps, who.guildId)
  const { status } = deriveSubscription(guild, deps.now())
  if (status === 'active' || status === 'past_due') throw new AppError('ALREADY_SUBSCRIBED')
  return callProvider(deps, 'checkout', who.guildId, () =>
    deps.billing.subscriptionCheckout({
      guildId: who.guildId,
      language: who.language,
      customerId: guild.billingCustomerId,
      email: who.email,
      interval,
    }),
  )
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
