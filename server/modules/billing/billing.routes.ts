import { z } from '@hono/zod-openapi'
import { BillingStatusSchema, CheckoutInputSchema, RedirectUrlSchema } from '../../../contract/billing'
import { errorResponse, errorsOf, proErrorResponses } from '../../../contract/common'
import type { VariablesOf } from '../../app-context'
import { adminChain, guildIdOf, proAdminChain } from '../../auth/guards'
import { AppError } from '../../lib/app-error'
import {
  createRouter,
  declareRoutes,
  jsonBody,
  jsonResponse,
  STRIPE_SIGNATURE_SCHEME,
} from '../../lib/router'
import { WebhookSignatureError } from '../../platform/billing/billing-provider'
import { applyBillingEvent } from './billing-events.service'
import * as billing from './billing.service'
import { sandboxRouter } from './sandbox.routes'

const route = declareRoutes({ tags: ['billing'] })
// Checkout and portal: admins get the provider's page to open, or 502 when the provider failed.
const providerPage = {
  200: jsonResponse(RedirectUrlSchema, 'The page to open in a new window'),
  ...errorsOf(401, 403),
  502: errorResponse('The payment provider failed (BILLING_PROVIDER_ERROR)'),
}

const actor = (c: VariablesOf): billing.BillingActor => ({
  guildId: guildIdOf(c),
  email: c.get('user')!.email,
  // Prices in the currency of the language the admin reads (contract/plans.ts).
  language: c.get('lang'),
})

const statusRoute = route('get', '/billing', {
  summary: 'Admins: the subscription screen (status, period, interval, provider)',
  middleware: [...adminChain],
  responses: { 200: jsonResponse(BillingStatusSchema, 'Billing status'), ...errorsOf(401, 403) },
})

const checkoutRoute = route('post', '/billing/checkout', {
  summary:
    'Admins: open a checkout for the Pro plan (monthly or yearly); the price comes from the plan table',
  middleware: [...adminChain],
  request: { body: jsonBody(CheckoutInputSchema, { required: false }) },
  responses: {
    ...providerPage,
    ...errorsOf(400),
    409: errorResponse('Already subscribed: use the portal (ALREADY_SUBSCRIBED)'),
  },
})

const portalRoute = route('post', '/billing/portal', {
  summary: 'Admins: open the billing portal to manage or cancel the subscription',
  middleware: [...adminChain],
  responses: { ...providerPage, 409: errorResponse('No billing account yet (NO_BILLING_ACCOUNT)') },
})

const extraInviteRoute = route('post', '/billing/extra-invite', {
  summary: 'Admins with Pro: open a one-off checkout for one extra invite',
  middleware: proAdminChain,
  responses: { ...providerPage, 402: proErrorResponses[402] },
})

/** The fields of a Stripe event that the webhook reads (server/platform/billing); Stripe sends more. */
const STRIPE_EVENT_SCHEMA = {
  type: 'object' as const,
  required: ['id', 'type', 'data'],
  properties: {
    id: { type: 'string' as const, description: 'evt_…; a replayed id is answered and not applied again' },
    type: {
      type: 'string' as const,
      examples: ['checkout.session.completed', 'customer.subscription.updated', 'invoice.payment_failed'],
    },
    created: { type: 'integer' as const },
    data: {
      type: 'object' as const,
      required: ['object'],
      properties: {
        object: { type: 'object' as const, description: 'The session, subscription or invoice' },
      },
    },
  },
}

const webhookRoute = route('post', '/billing/webhook', {
  summary: "Stripe's webhook: the only way a subscription or extra invite changes (signed, idempotent)",
  description:
    "Stripe's event, as Stripe sends it: the signature covers the raw bytes, so the body is read as sent " +
    '(no Origin check, no session: the signature stands in). Events of other types are answered and ignored.',
  security: [{ [STRIPE_SIGNATURE_SCHEME]: [] }],
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    // A JSON Schema, not zod: documented only, so nothing parses the body before the signature is checked.
    body: { required: true, content: { 'application/json': { schema: STRIPE_EVENT_SCHEMA } } },
  },
  responses: {
    200: jsonResponse(z.object({ received: z.literal(true) }), 'Handled, replayed or ignored'),
    400: errorResponse('Missing or wrong signature (BILLING_SIGNATURE_INVALID)'),
  },
})

export const billingRouter = createRouter()
  .route('/', sandboxRouter)
  .openapi(statusRoute, async (c) => c.json(await billing.billingStatus(c.get('deps'), guildIdOf(c)), 200))
  .openapi(checkoutRoute, async (c) => {
    // No body means the monthly plan; anything but the interval (a price, say) is dropped by the schema.
    const interval = c.req.valid('json')?.interval ?? 'month'
    return c.json(await billing.startCheckout(c.get('deps'), actor(c), interval), 200)
  })
  .openapi(portalRoute, async (c) => c.json(await billing.openPortal(c.get('deps'), actor(c)), 200))
  .openapi(extraInviteRoute, async (c) =>
    c.json(await billing.startExtraInviteCheckout(c.get('deps'), actor(c)), 200),
  )
  .openapi(webhookRoute, async (c) => {
    const deps = c.get('deps')
    // The signature covers the exact bytes Stripe sent: read them before anything parses the body. No
    // session and no Origin here: server/lib/origin-check.ts exempts this path, the signature stands in.
    const raw = await c.req.text()
    let event: Awaited<ReturnType<typeof deps.billing.parseWebhook>>
    try {
      event = await deps.billing.parseWebhook(raw, c.req.header('stripe-signature'))
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err
      deps.logger.warn('billing webhook refused', { reason: err.message })
      throw new AppError('BILLING_SIGNATURE_INVALID')
    }
    if (event) await applyBillingEvent(deps, event)
    else deps.logger.info('billing webhook ignored', { reason: 'event type not handled' })
    return c.json({ received: true as const }, 200)
  })
