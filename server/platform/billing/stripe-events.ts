import type Stripe from 'stripe'
import { BILLING_INTERVALS, type BillingInterval } from '../../../contract/enums'
import type { BillingEvent, ChargedPrice, ProviderSubscriptionStatus } from './billing-provider'

// Stripe's events → the one normalized BillingEvent. Status mapping (docs/decisions/003-billing.md):
// Stripe's own `trialing` means a Stripe-side trial of a subscription that exists and is in good standing,
// not our 3-day guild trial (counted from the guild's creation), so it grants access like `active`.
// `incomplete` (first payment not confirmed yet) changes nothing.
const STATUS: Partial<Record<string, ProviderSubscriptionStatus>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
}

type Ref = string | { id: string } | null | undefined
const idOf = (ref: Ref) => (ref == null ? null : typeof ref === 'string' ? ref : ref.id)

const intervalOf = (value: unknown): BillingInterval | undefined =>
  (BILLING_INTERVALS as readonly unknown[]).includes(value) ? (value as BillingInterval) : undefined

/** Stripe's amount (smallest unit) and currency, when they are one of the plan table's. */
export function chargedPrice(amount: unknown, currency: unknown): ChargedPrice | undefined {
  const code = typeof currency === 'string' ? currency.toUpperCase() : ''
  const cents = typeof amount === 'string' ? Number(amount) : amount
  if (
    (code !== 'BRL' && code !== 'USD') ||
    typeof cents !== 'number' ||
    !Number.isInteger(cents) ||
    cents < 0
  )
    return undefined
  return { amountCents: cents, currency: code }
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

export function normalizeStripeEvent(event: Stripe.Event): BillingEvent | null {
  const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000) }
  switch (event.type) {
    // Paid by card: `completed` says paid. Paid by an asynchronous method (boleto): `completed` says
    // unpaid and `async_payment_succeeded` follows; only one of the two counts as the payment.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const guildId = session.metadata?.guildId ?? session.client_reference_id ?? null
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      const customerId = idOf(session.customer)
      if (session.mode === 'subscription') {
        return {
          ...base,
          kind: 'subscription',
          guildId,
          customerId,
          subscriptionId: idOf(session.subscription),
          status: paid ? 'active' : null,
          interval: intervalOf(session.metadata?.interval),
          // Our own metadata (stripe.ts): amount_total is 0 when the first charge waits for the trial's end.
          price: chargedPrice(session.metadata?.amountCents, session.metadata?.currency),
        }
      }
      if (session.mode === 'payment' && session.metadata?.kind === 'extra_invite' && paid) {
        return { ...base, kind: 'extra_invite', guildId, customerId, sessionId: session.id }
      }
      return null
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      // Since API 2025-03-31 the period lives on the subscription's items (one item here: the Pro plan).
      const item = subscription.items?.data?.[0]
      const periodEnd = at(item?.current_period_end)
      // The portal schedules a cancellation with cancel_at (newer API versions) or cancel_at_period_end.
      const cancelAt = at(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEnd : null)
      return {
        ...base,
        kind: 'subscription',
        guildId: subscription.metadata?.guildId ?? null,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        status: STATUS[subscription.status] ?? null,
        currentPeriodEnd: periodEnd ?? undefined,
        interval: intervalOf(item?.price?.recurring?.interval),
        cancelAt: event.type === 'customer.subscription.deleted' ? null : cancelAt,
        price: chargedPrice(item?.price?.unit_amount, item?.price?.currency),
      }
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const details = invoice.parent?.subscription_details
      return {
        ...base,
        kind: 'payment_failed',
        guildId: details?.metadata?.guildId ?? null,
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(details?.subscription),
      }
    }
    default:
      return null
  }
}
