import { z } from 'zod'
import { SubscriptionSchema } from './accounts'
import { BILLING_INTERVALS } from './enums'

// Billing: the subscription screen, checkout, portal and the extra-invite purchase. Prices come from
// contract/plans.ts on the server; the browser never sends an amount.

export const BillingProviderSchema = z.enum(['stripe', 'sandbox'])
export type BillingProvider = z.infer<typeof BillingProviderSchema>

/** GET /billing: the subscription screen (admins). */
export const BillingStatusSchema = z
  .object({
    subscription: SubscriptionSchema,
    /** Paid through / renews on (from the provider); null while trialing or never subscribed. */
    currentPeriodEnd: z.string().nullable(),
    /** Which interval the paid subscription is on, when known. */
    interval: z.enum(BILLING_INTERVALS).nullable(),
    /** A provider customer exists, so the portal can open. */
    hasBillingAccount: z.boolean(),
    extraInvites: z.number().int(),
    provider: BillingProviderSchema,
    /**
     * Active: when the scheduled cancellation takes effect (Pro until then). null otherwise (a past-due
     * subscription has no Pro until it is paid).
     */
    accessUntil: z.string().nullable(),
    /**
     * What the guild subscribed at, as charged (not the screen language's price); null while never
     * subscribed, or for a subscription from before this was kept.
     */
    charged: z
      .object({ amount: z.number(), currency: z.enum(['BRL', 'USD']), interval: z.enum(BILLING_INTERVALS) })
      .nullable(),
    /** Subscribing now: the first charge waits until then (the rest of the trial); null: charged at once. */
    firstChargeAt: z.string().nullable(),
  })
  .meta({ id: 'BillingStatus' })
export type BillingStatus = z.infer<typeof BillingStatusSchema>

export const CheckoutInputSchema = z
  .object({ interval: z.enum(BILLING_INTERVALS).default('month') })
  .meta({ id: 'CheckoutInput' })
export type CheckoutInput = z.input<typeof CheckoutInputSchema>

/** Checkout, portal and extra-invite calls answer the page to open (in a new window). */
export const RedirectUrlSchema = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' })
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>

/** What the sandbox's own checkout and portal pages show (GET /billing/sandbox/sessions/{id}). */
export const SandboxSessionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['subscription', 'extra_invite', 'portal']),
    guildName: z.string(),
    interval: z.enum(BILLING_INTERVALS).nullable(),
    /** In the currency of the language the session was opened in. */
    amount: z.number(),
    currency: z.enum(['BRL', 'USD']),
    /** Where the page goes after pay, cancel or close. */
    returnUrl: z.string(),
    cancelUrl: z.string(),
    /** open until paid or cancelled; a portal session stays open. */
    status: z.enum(['open', 'paid', 'cancelled']),
    subscriptionStatus: z.string(),
    /** Checkout during the trial: nothing is charged today, the first charge is then. */
    firstChargeAt: z.string().nullable(),
    /** Portal: the subscription ends then (a scheduled cancellation), with Pro until then. */
    cancelAt: z.string().nullable(),
    /** Portal: the end of the period already paid (a cancellation takes effect then). */
    periodEnd: z.string().nullable(),
  })
  .meta({ id: 'SandboxSession' })
export type SandboxSession = z.infer<typeof SandboxSessionSchema>

/** Portal actions the sandbox offers: the same events Stripe would send. */
export const SandboxPortalActionSchema = z
  .object({
    action: z.enum(['cancel_subscription', 'resume_subscription', 'fail_payment', 'recover_payment']),
  })
  .meta({ id: 'SandboxPortalAction' })
