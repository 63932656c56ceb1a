import type Stripe from 'stripe'
import { BILLING_INTERVALS, type BillingInterval } from '../../../contract/enums'
import type { BillingEvent, ProviderSubscriptionStatus } from './billing-provider'

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
      return {
        ...base,
        kind: 'subscription',
        guildId: subscription.metadata?.guildId ?? null,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        status: STATUS[subscription.status] ?? null,
        currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : undefined,
        interval: intervalOf(item?.price?.recurring?.interval),
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
