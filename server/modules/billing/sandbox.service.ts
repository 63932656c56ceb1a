import type { SandboxSession } from '../../../contract/billing'
import type { BillingInterval, Language } from '../../../contract/enums'
import { PRICES } from '../../../contract/plans'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { effectiveStatus } from '../../lib/subscription-state'
import { type BillingEvent, returnUrls } from '../../platform/billing/billing-provider'
import { sandboxId } from '../../platform/billing/sandbox'
import { findSandboxSession, setSandboxSessionStatus } from '../../platform/billing/sandbox.queries'
import { type ApplyResult, applyBillingEventInTx, publishBillingChange } from './billing-events.service'
import { firstChargeAt } from './billing-state'
import { type BillingGuildRow, findBillingGuild } from './billing.queries'

// The sandbox's checkout and portal pages. Each button builds the normalized event Stripe's webhook would
// produce for the same act and hands it to the same apply function (docs/decisions/003-billing.md).

export type SandboxPortalAction =
  | 'cancel_subscription'
  | 'resume_subscription'
  | 'fail_payment'
  | 'recover_payment'
type SessionRow = NonNullable<Awaited<ReturnType<typeof findSandboxSession>>>

/** Only while the sandbox is the provider (and allowed): otherwise its sessions do not exist. */
function requireSandbox(deps: Deps) {
  if (deps.billing.kind !== 'sandbox' || !deps.billing.available) throw new AppError('NOT_FOUND')
}

function addInterval(from: Date, interval: BillingInterval): Date {
  const end = new Date(from)
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}

/** What a checkout opened in this language charges each period (the plan table), in cents. */
const checkoutPrice = (language: Language, interval: BillingInterval) => {
  const price = PRICES[language]
  const amount = interval === 'year' ? price.yearly : price.monthly
  return { amountCents: Math.round(amount * 100), currency: price.currency }
}

function present(deps: Deps, session: SessionRow, guild: BillingGuildRow): SandboxSession {
  const language = session.language as Language
  const price = PRICES[language]
  const kind = session.kind as SandboxSession['kind']
  const interval = (session.interval ??
    (kind === 'portal' ? guild.billingInterval : null)) as BillingInterval | null
  const urls = returnUrls(deps.env.APP_URL, kind)
  const now = deps.now()
  const status = effectiveStatus(guild, now)
  // The portal shows what the subscription charges, as it was bought (not the page's language).
  const charged =
    kind === 'portal' && guild.billingAmountCents !== null && guild.billingCurrency !== null
      ? { amount: guild.billingAmountCents / 100, currency: guild.billingCurrency as 'BRL' | 'USD' }
      : null
  const firstCharge = kind === 'subscription' && session.status === 'open' ? firstChargeAt(guild, now) : null
  return {
    id: session.id,
    kind,
    guildName: guild.name,
    interval,
    amount:
      charged?.amount ??
      (kind === 'extra_invite' ? price.extraInvite : interval === 'year' ? price.yearly : price.monthly),
    currency: charged?.currency ?? price.currency,
    returnUrl: urls.success,
    cancelUrl: urls.cancel,
    status: session.status as SandboxSession['status'],
    subscriptionStatus: status,
    firstChargeAt: firstCharge?.toISOString() ?? null,
    periodEnd: kind === 'portal' ? (guild.subscriptionEndDate?.toISOString() ?? null) : null,
    cancelAt:
      status === 'active' && guild.subscriptionAccessUntil
        ? guild.subscriptionAccessUntil.toISOString()
        : null,
  }
}

async function load(tx: DbOrTx, guildId: string, id: string, lock?: 'update') {
  const session = await findSandboxSession(tx, guildId, id, lock)
  if (!session) throw new AppError('NOT_FOUND')
  const guild = await findBillingGuild(tx, guildId, lock)
  if (!guild) throw new AppError('NOT_FOUND')
  return { session, guild }
}

export async function getSandboxSession(deps: Deps, guildId: string, id: string) {
  requireSandbox(deps)
  const { session, guild } = await load(deps.database.db, guildId, id)
  return present(deps, session, guild)
}

/** Runs one sandbox act in a transaction, publishes what changed after the commit, answers the session. */
async function act(
  deps: Deps,
  guildId: string,
  id: string,
  decide: (
    session: SessionRow,
    guild: BillingGuildRow,
    now: Date,
  ) => { event?: BillingEvent; status?: 'paid' | 'cancelled' } | null,
) {
  requireSandbox(deps)
  const now = deps.now()
  const result = await deps.database.db.transaction(async (tx) => {
    const { session, guild } = await load(tx, guildId, id, 'update')
    const plan = decide(session, guild, now)
    let applied: ApplyResult | null = null
    if (plan?.status) await setSandboxSessionStatus(tx, guildId, id, plan.status)
    if (plan?.event) applied = await applyBillingEventInTx(tx, plan.event, now, deps.env.APP_URL)
    return { applied }
  })
  if (result.applied) await publishBillingChange(deps, result.applied)
  return getSandboxSession(deps, guildId, id)
}

/** Pay: a checkout.session.completed with a paid subscription (or one extra invite). Paying twice is a no-op. */
export function paySandboxSession(deps: Deps, guildId: string, id: string) {
  return act(deps, guildId, id, (session, guild, now) => {
    if (session.kind === 'portal' || session.status === 'cancelled') throw new AppError('CONFLICT')
    if (session.status === 'paid') return null
    const base = {
      // One id per session: a second delivery of this payment is recorded as a replay.
      id: `sbx_evt_${session.id}_paid`,
      type: 'checkout.session.completed',
      createdAt: now,
      guildId,
      customerId: guild.billingCustomerId ?? sandboxId('sbx_cus'),
    }
    if (session.kind === 'extra_invite') {
      return { status: 'paid', event: { ...base, kind: 'extra_invite', sessionId: session.id } }
    }
    const current = effectiveStatus(guild, now)
    if (current === 'active' || current === 'past_due') throw new AppError('ALREADY_SUBSCRIBED')
    const interval = (session.interval ?? 'month') as BillingInterval
    // During the trial, like Stripe's trial_end: the first period is the rest of the trial, charged at its end.
    const firstCharge = firstChargeAt(guild, now)
    return {
      status: 'paid',
      event: {
        ...base,
        kind: 'subscription',
        subscriptionId: sandboxId('sbx_sub'),
        status: 'active',
        currentPeriodEnd: firstCharge ?? addInterval(now, interval),
        interval,
        cancelAt: null,
        price: checkoutPrice(session.language as Language, interval),
      },
    }
  })
}

/** Cancel on the checkout page: the admin gave up; nothing is charged and nothing changes. */
export function cancelSandboxSession(deps: Deps, guildId: string, id: string) {
  return act(deps, guildId, id, (session) => {
    if (session.kind === 'portal') throw new AppError('CONFLICT')
    return session.status === 'open' ? { status: 'cancelled' } : null
  })
}

/**
 * The portal's buttons: the customer.subscription.* events Stripe sends for the same acts. Cancelling, as
 * Stripe's portal does (cancel at the end of the billing period), keeps the subscription active until the
 * paid period ends and can be undone until then; a past-due subscription (its paid period is over) ends at
 * once. A failed payment is the renewal that failed: past due, no Pro until it is paid.
 */
export function sandboxPortalAction(deps: Deps, guildId: string, id: string, action: SandboxPortalAction) {
  return act(deps, guildId, id, (session, guild, now) => {
    if (session.kind !== 'portal') throw new AppError('CONFLICT')
    const current = effectiveStatus(guild, now)
    const scheduled = current === 'active' && guild.subscriptionAccessUntil !== null
    const allowed = {
      cancel_subscription: (current === 'active' && !scheduled) || current === 'past_due',
      resume_subscription: scheduled,
      fail_payment: current === 'active' && !scheduled,
      recover_payment: current === 'past_due',
    }[action]
    if (!allowed || !guild.billingSubscriptionId) throw new AppError('CONFLICT')
    const interval = (guild.billingInterval ?? 'month') as BillingInterval
    const endsNow = action === 'cancel_subscription' && current === 'past_due'
    const base = {
      id: sandboxId('sbx_evt'),
      type: endsNow ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      createdAt: now,
      guildId,
      customerId: guild.billingCustomerId,
      kind: 'subscription' as const,
      subscriptionId: guild.billingSubscriptionId,
    }
    if (action === 'cancel_subscription')
      return {
        event: endsNow
          ? { ...base, status: 'canceled' as const, cancelAt: null }
          : { ...base, status: 'active' as const, cancelAt: guild.subscriptionEndDate ?? now },
      }
    if (action === 'resume_subscription') return { event: { ...base, status: 'active', cancelAt: null } }
    if (action === 'fail_payment') return { event: { ...base, status: 'past_due' } }
    // A recovered renewal starts a new period.
    return {
      event: { ...base, status: 'active', cancelAt: null, currentPeriodEnd: addInterval(now, interval) },
    }
  })
}
