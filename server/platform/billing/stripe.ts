import type Stripe from 'stripe'
import { PRICES, formatMoney } from '../../../contract/plans'
import type { Language } from '../../../contract/enums'
import landingEn from '../../../web/locales/en/landing.json'
import landingPt from '../../../web/locales/pt/landing.json'
import {
  type BillingProvider,
  type CheckoutRequest,
  returnUrls,
  WebhookSignatureError,
} from './billing-provider'
import { normalizeStripeEvent } from './stripe-events'

const landing = { pt: landingPt, en: landingEn } as const

/** STRIPE_API_URL → the SDK's host, port and protocol options (tests point it at a local stub). */
export function stripeHostOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

/** Amounts in the smallest unit of the currency, from the one plan table (never from the browser). */
const cents = (amount: number) => Math.round(amount * 100)
const currencyOf = (language: Language) => PRICES[language].currency.toLowerCase()
const stripeLocale = (language: Language) => (language === 'pt' ? 'pt-BR' : 'en')

export function stripeProvider(options: {
  secretKey: string
  webhookSecret: string
  apiUrl?: string
  appUrl: string
}): BillingProvider {
  // The SDK is loaded on first use, not at start: it is a sixth of the server's code, and compiling it
  // delayed every start's first answer (issue 13: a start answers within 2 s), billing or not.
  let client: Promise<Stripe> | undefined
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(options.secretKey, {
          ...stripeHostOptions(options.apiUrl),
          // A hung provider must not hold the admin's request for the SDK's default 80 s.
          timeout: 20_000,
          maxNetworkRetries: 1,
        }),
    ))

  const customerFields = (input: CheckoutRequest) =>
    input.customerId ? { customer: input.customerId } : { customer_email: input.email }

  /** A hosted checkout of one line (quantity 1) in the admin's currency and language: the page to open. */
  const checkoutPage = async (
    input: CheckoutRequest,
    kind: 'subscription' | 'extra_invite',
    session: Pick<Stripe.Checkout.SessionCreateParams, 'mode' | 'metadata' | 'subscription_data'>,
    price: Omit<Stripe.Checkout.SessionCreateParams.LineItem.PriceData, 'currency'>,
  ) => {
    const urls = returnUrls(options.appUrl, kind)
    const created = await (await stripe()).checkout.sessions.create({
      mode: session.mode,
      client_reference_id: input.guildId,
      metadata: session.metadata,
      subscription_data: session.subscription_data,
      ...customerFields(input),
      line_items: [{ quantity: 1, price_data: { currency: currencyOf(input.language), ...price } }],
      locale: stripeLocale(input.language),
      success_url: urls.success,
      cancel_url: urls.cancel,
    })
    if (!created.url) throw new Error('Stripe returned a checkout session without a url')
    return created.url
  }

  return {
    kind: 'stripe',
    available: true,
    subscriptionCheckout: async (input) => {
      const price = PRICES[input.language]
      const amount = input.interval === 'year' ? price.yearly : price.monthly
      const plan =
        input.interval === 'year'
          ? landing[input.language].pricing.yearly
          : landing[input.language].pricing.monthly
      return checkoutPage(
        input,
        'subscription',
        {
          mode: 'subscription',
          // What is charged, kept with the subscription (the screen shows it, whatever language it is read in).
          metadata: {
            guildId: input.guildId,
            interval: input.interval,
            amountCents: String(cents(amount)),
            currency: price.currency,
          },
          subscription_data: {
            metadata: { guildId: input.guildId },
            // The guild's trial is not thrown away: the first charge waits for its end.
            ...(input.firstChargeAt ? { trial_end: Math.floor(input.firstChargeAt.getTime() / 1000) } : {}),
          },
        },
        {
          unit_amount: cents(amount),
          recurring: { interval: input.interval },
          product_data: { name: `LootQueue Pro · ${plan.name}` },
        },
      )
    },
    // One invite per paid session.
    extraInviteCheckout: async (input) => {
      const amount = PRICES[input.language].extraInvite
      const description = landing[input.language].pricing.extraInvite.replace(
        '{{price}}',
        formatMoney(amount, input.language),
      )
      return checkoutPage(
        input,
        'extra_invite',
        { mode: 'payment', metadata: { guildId: input.guildId, kind: 'extra_invite' } },
        { unit_amount: cents(amount), product_data: { name: 'LootQueue Pro', description } },
      )
    },
    portal: async (input) => {
      const session = await (await stripe()).billingPortal.sessions.create({
        customer: input.customerId,
        return_url: returnUrls(options.appUrl, 'portal').success,
        locale: stripeLocale(input.language),
      })
      return session.url
    },
    // No proration and no final invoice: the subscription simply stops (the guild is being deleted).
    cancelSubscriptionNow: async (subscriptionId) => {
      try {
        await (await stripe()).subscriptions.cancel(subscriptionId)
      } catch (error) {
        // Already gone at Stripe (ended, or deleted there): nothing is charged any more.
        if ((error as { code?: string }).code === 'resource_missing') return
        throw error
      }
    },
    parseWebhook: async (rawBody, signature) => {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header')
      const { webhooks } = await stripe()
      let event: Stripe.Event
      try {
        event = webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch (error) {
        throw new WebhookSignatureError(String(error))
      }
      return normalizeStripeEvent(event)
    },
  }
}
