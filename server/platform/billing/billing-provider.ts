import type { BillingInterval, Language } from '../../../contract/enums'

// What billing needs from a payment provider (Stripe, or the local sandbox), and the one normalized event
// both produce. The state-change code in server/modules/billing only ever sees BillingEvent, so the
// sandbox exercises exactly what Stripe's webhook does (docs/decisions/003-billing.md).

/** A subscription status the provider reports, already mapped to ours; null: no status change. */
export type ProviderSubscriptionStatus = 'active' | 'past_due' | 'canceled'

/** An amount in the currency's smallest unit (cents), and its currency. */
export type ChargedPrice = { amountCents: number; currency: 'BRL' | 'USD' }

type EventBase = {
  /** The provider's event id: recorded in billing_events, so a replay changes nothing. */
  id: string
  /** The provider's event type, kept in the record (e.g. customer.subscription.updated). */
  type: string
  /** When the provider produced the event: an older subscription event never wins over a newer one. */
  createdAt: Date
  /** From the metadata we set on every checkout; null: found by the customer or subscription id. */
  guildId: string | null
  customerId: string | null
}

export type BillingEvent =
  | (EventBase & {
      kind: 'subscription'
      subscriptionId: string | null
      status: ProviderSubscriptionStatus | null
      /** undefined: the event does not say (the stored value stays). */
      currentPeriodEnd?: Date | null
      interval?: BillingInterval | null
      /**
       * When a scheduled cancellation takes effect (Stripe's cancel_at, or the period end with
       * cancel_at_period_end); null: none scheduled; undefined: the event does not say.
       */
      cancelAt?: Date | null
      /** What the subscription charges each period, as the provider bills it; undefined: not said. */
      price?: ChargedPrice
    })
  | (EventBase & { kind: 'payment_failed'; subscriptionId: string | null })
  | (EventBase & { kind: 'extra_invite'; sessionId: string })

export type CheckoutRequest = {
  guildId: string
  language: Language
  /** The guild's provider customer, reused on a new subscription so its history stays in one place. */
  customerId: string | null
  /** Prefills the provider's form when there is no customer yet. */
  email: string
}

export type SubscriptionCheckoutRequest = CheckoutRequest & {
  interval: BillingInterval
  /** The first charge, when it is not now: the end of the guild's live trial (billing-state.ts). */
  firstChargeAt: Date | null
}

export type BillingProvider = {
  kind: 'stripe' | 'sandbox'
  /** false: the sandbox in production without BILLING_SANDBOX=true; every billing call is refused. */
  available: boolean
  /** The page (a new window) where the admin pays a Pro subscription. */
  subscriptionCheckout: (input: SubscriptionCheckoutRequest) => Promise<string>
  /** The page where the admin pays one extra invite. */
  extraInviteCheckout: (input: CheckoutRequest) => Promise<string>
  /** The page where the admin manages an existing subscription. */
  portal: (input: { guildId: string; customerId: string; language: Language }) => Promise<string>
  /**
   * Ends a subscription at once, with no refund (the guild is being deleted). Resolves when the provider no
   * longer charges it (already ended included); rejects when the provider could not be reached or refused.
   */
  cancelSubscriptionNow: (subscriptionId: string) => Promise<void>
  /**
   * Verifies a webhook's signature on the raw body and normalizes it. Rejects with WebhookSignatureError
   * when the signature is missing or wrong; null for an event type billing does not handle.
   */
  parseWebhook: (rawBody: string, signature: string | undefined) => Promise<BillingEvent | null>
}

export class WebhookSignatureError extends Error {}

/** Where the provider sends the admin back (the subscription screen and the users page). */
export function returnUrls(appUrl: string, kind: 'subscription' | 'extra_invite' | 'portal') {
  const page = kind === 'extra_invite' ? '/dashboard/users' : '/dashboard/subscription'
  if (kind === 'portal') return { success: `${appUrl}${page}`, cancel: `${appUrl}${page}` }
  return { success: `${appUrl}${page}?payment=success`, cancel: `${appUrl}${page}?payment=cancel` }
}
