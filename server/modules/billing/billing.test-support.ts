import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { expect } from 'vitest'
import { auditLogs, billingEvents, guilds } from '../../db/schema'
import type { GuildEvent } from '../../platform/realtime'
import type { Actor } from '../../test/factories'
import type { TestContext } from '../../test/harness'
import { STUB_SECRET_KEY } from '../../test/stripe-stub'

// Billing tests: Stripe settings for the harness, Stripe-shaped event payloads signed with the SDK's own
// test helper, and readers for what a billing change leaves behind.

export const WEBHOOK_SECRET = 'whsec_test_lootqueue_0123456789'

export const stripeEnv = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: STUB_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
})

const signer = new Stripe(STUB_SECRET_KEY)
const rid = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function stripeEvent(type: string, object: Record<string, unknown>, created: Date) {
  return {
    id: rid('evt_test'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: seconds(created),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  }
}

type SubscriptionInput = {
  id: string
  guildId?: string
  customer: string
  status: string
  periodEnd: Date
  interval?: 'month' | 'year'
  /** The portal's "cancel at the end of the period". */
  cancelAtPeriodEnd?: boolean
  /** What the item charges: cents and a lower-case currency, as Stripe writes them. */
  price?: { unit_amount: number; currency: string }
}

export function subscriptionObject(input: SubscriptionInput) {
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: input.guildId ? { guildId: input.guildId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: rid('si'),
          object: 'subscription_item',
          current_period_end: seconds(input.periodEnd),
          price: {
            id: rid('price'),
            object: 'price',
            recurring: { interval: input.interval ?? 'month' },
            ...input.price,
          },
        },
      ],
    },
  }
}

/** One subscription that a test moves through statuses: `const sub = oneSubscription({...}); sub('active')`. */
export const oneSubscription = (fixed: Omit<SubscriptionInput, 'status'>) => (status: string) =>
  subscriptionObject({ ...fixed, status })

export function checkoutSessionObject(input: {
  guildId: string
  mode: 'subscription' | 'payment'
  customer?: string | null
  subscription?: string | null
  paymentStatus?: 'paid' | 'unpaid'
  metadata?: Record<string, string>
}) {
  return {
    id: rid('cs_test'),
    object: 'checkout.session',
    mode: input.mode,
    client_reference_id: input.guildId,
    customer: input.customer ?? null,
    subscription: input.subscription ?? null,
    payment_status: input.paymentStatus ?? 'paid',
    metadata: { guildId: input.guildId, ...input.metadata },
  }
}

export function failedInvoiceObject(input: { guildId: string; subscription: string; customer: string }) {
  return {
    id: rid('in'),
    object: 'invoice',
    customer: input.customer,
    status: 'open',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { guildId: input.guildId }, subscription: input.subscription },
    },
  }
}

/** Posts an event the way Stripe does: raw JSON, signed (or with the given header; null: no header). */
export async function postWebhook(
  ctx: TestContext,
  event: object,
  options: { signature?: string | null; secret?: string; body?: string } = {},
) {
  const payload = JSON.stringify(event)
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.signature
  return ctx.app.request('/api/v1/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: options.body ?? payload,
  })
}

export async function guildRow(ctx: TestContext, guildId: string) {
  const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guildId))
  return row!
}

export async function billingAudit(ctx: TestContext, guildId: string) {
  const rows = await ctx.database.db
    .select({ action: auditLogs.actionType, description: auditLogs.description, userId: auditLogs.userId })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    .orderBy(auditLogs.createdAt, auditLogs.seq)
  return rows.filter((row) => row.action.startsWith('SUBSCRIPTION_'))
}

export async function recordedEvents(ctx: TestContext, guildId: string) {
  return ctx.database.db.select().from(billingEvents).where(eq(billingEvents.guildId, guildId))
}

/** Collects this guild's realtime events; settled() answers them once all published so far arrived. */
export async function listen(ctx: TestContext, guildId: string) {
  const events: GuildEvent[] = []
  let markerSeen = () => {}
  const stop = ctx.deps.realtime.subscribe(guildId, (event) => {
    if (event.itemId === MARKER) markerSeen()
    else events.push(event)
  })
  await ctx.deps.realtime.start()
  /** Notifications arrive in the order they were sent (one channel): a marker sent now comes after all. */
  const settled = async () => {
    const seen = new Promise<void>((resolve) => {
      markerSeen = resolve
    })
    await ctx.deps.realtime.publish({ guildId, topic: 'queues', itemId: MARKER })
    await seen
    return events
  }
  return { events, settled, stop }
}
const MARKER = '00000000-0000-4000-8000-00000000feed'

/** Opens a sandbox checkout or portal session as the admin and acts in it ('pay', 'portal', ...). */
export async function sandboxAct(admin: Actor, open: 'checkout' | 'portal', act: string, body?: unknown) {
  const { url } = await (await admin.request('POST', `/api/v1/billing/${open}`, {})).json()
  const res = await admin.request(
    'POST',
    `/api/v1/billing/sandbox/sessions/${url.split('/').pop()}/${act}`,
    body,
  )
  expect(res.status).toBe(200)
}
