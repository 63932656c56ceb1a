import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { expectError } from '../../test/expect-error'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { startStripeStub } from '../../test/stripe-stub'
import {
  billingAudit,
  checkoutSessionObject,
  failedInvoiceObject,
  guildRow,
  listen,
  oneSubscription,
  postWebhook,
  recordedEvents,
  stripeEnv,
  stripeEvent,
  subscriptionObject,
} from './billing.test-support'

// Stripe's webhook through the real app and the real SDK's signature check (payloads signed with the SDK's
// generateTestHeaderString). It is the only way a subscription or an extra invite changes.

const stub = await startStripeStub()
afterAll(() => stub.close())
const ctx = await fileTestContext({ env: stripeEnv(stub.url) })
afterEach(() => ctx.setNow(null as unknown as Date))

const DAY = 24 * 3600 * 1000
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000)

async function statusOf(admin: { request: (m: string, p: string) => Promise<Response> }) {
  const res = await admin.request('GET', '/api/v1/billing')
  expect(res.status).toBe(200)
  const body = await res.json()
  return { status: body.subscription.status as string, allowed: body.subscription.allowed as boolean, body }
}

async function sendOk(event: object) {
  const res = await postWebhook(ctx, event)
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ received: true })
}

describe('POST /billing/webhook: signature', () => {
  it('refuses a missing, foreign or tampered signature with 400 and changes nothing', async () => {
    const { guild } = await buildGuild(ctx)
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({
        guildId: guild.id,
        mode: 'subscription',
        customer: 'cus_sig',
        subscription: 'sub_sig',
      }),
      new Date(),
    )
    const attempts = [
      await postWebhook(ctx, event, { signature: null }),
      await postWebhook(ctx, event, { secret: 'whsec_someone_else_entirely' }),
      await postWebhook(ctx, event, { signature: 't=1,v1=deadbeef' }),
      await postWebhook(ctx, event, {
        body: JSON.stringify({
          ...event,
          data: { object: { ...event.data.object, payment_status: 'paid' } },
          x: 1,
        }),
      }),
    ]
    for (const res of attempts) await expectError(res, 400, 'BILLING_SIGNATURE_INVALID')
    const row = await guildRow(ctx, guild.id)
    expect(row.subscriptionStatus).toBe('trialing')
    expect(row.billingCustomerId).toBeNull()
    expect(await recordedEvents(ctx, guild.id)).toEqual([])
    expect(await billingAudit(ctx, guild.id)).toEqual([])
  })
})

describe('POST /billing/webhook: subscription transitions', () => {
  it('walks trialing → active → past_due → active → canceled, audited as the system and announced', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const realtime = await listen(ctx, guild.id)
    const ids = { customer: 'cus_walk', id: 'sub_walk', guildId: guild.id }

    // Each event is received at its minute of the walk (the clock moves with it).
    const receive = async (
      minute: number,
      type: string,
      object: Record<string, unknown>,
      created = minute,
    ) => {
      ctx.setNow(at(t0, minute))
      await sendOk(stripeEvent(type, object, at(t0, created)))
    }
    const periodEnd = new Date(Date.UTC(2031, 0, 15))
    const sub = oneSubscription({ ...ids, periodEnd, interval: 'year' })

    await receive(
      1,
      'checkout.session.completed',
      checkoutSessionObject({
        guildId: guild.id,
        mode: 'subscription',
        customer: ids.customer,
        subscription: ids.id,
        metadata: { interval: 'year' },
      }),
    )
    expect(await statusOf(admin)).toMatchObject({
      status: 'active',
      allowed: true,
      body: { hasBillingAccount: true, interval: 'year', provider: 'stripe' },
    })

    // Created at minute 1, received at minute 2.
    await receive(2, 'customer.subscription.created', sub('active'), 1)
    expect((await statusOf(admin)).body.currentPeriodEnd).toBe(periodEnd.toISOString())

    const invoice = { guildId: guild.id, subscription: ids.id, customer: ids.customer }
    await receive(3, 'invoice.payment_failed', failedInvoiceObject(invoice))
    // A late payment has no Pro until it is paid (PRODUCT.md), while Stripe retries.
    expect(await statusOf(admin)).toMatchObject({ status: 'past_due', allowed: false })

    await receive(4, 'customer.subscription.updated', sub('active'))
    expect(await statusOf(admin)).toMatchObject({ status: 'active', allowed: true })

    await receive(5, 'customer.subscription.deleted', sub('canceled'))
    expect(await statusOf(admin)).toMatchObject({ status: 'canceled', allowed: false })

    expect(await billingAudit(ctx, guild.id)).toEqual([
      { action: 'SUBSCRIPTION_ACTIVATED', description: 'trialing → active · year', userId: null },
      { action: 'SUBSCRIPTION_UPDATE', description: '→ 2031-01-15', userId: null },
      { action: 'SUBSCRIPTION_PAST_DUE', description: 'active → past_due', userId: null },
      { action: 'SUBSCRIPTION_ACTIVATED', description: 'past_due → active', userId: null },
      { action: 'SUBSCRIPTION_CANCELED', description: 'active → canceled', userId: null },
    ])
    expect(await realtime.settled()).toEqual(
      Array.from({ length: 5 }, () => ({ guildId: guild.id, topic: 'guild' })),
    )
    expect(await recordedEvents(ctx, guild.id)).toHaveLength(5)
    realtime.stop()
  })

  it("the portal's cancel at period end keeps Pro until the period ends, then Stripe's deleted ends it", async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const periodEnd = new Date(Math.floor(t0.getTime() / 1000) * 1000 + 20 * DAY)
    const fixed = { id: 'sub_at_end', guildId: guild.id, customer: 'cus_at_end', periodEnd }
    const price = { unit_amount: 19900, currency: 'brl' }
    await sendOk(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject({ ...fixed, status: 'active', interval: 'year', price }),
        at(t0, 0),
      ),
    )
    await sendOk(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ ...fixed, status: 'active', interval: 'year', price, cancelAtPeriodEnd: true }),
        at(t0, 1),
      ),
    )
    const scheduled = await statusOf(admin)
    expect(scheduled).toMatchObject({
      status: 'active',
      allowed: true,
      body: {
        accessUntil: periodEnd.toISOString(),
        charged: { amount: 199, currency: 'BRL', interval: 'year' },
      },
    })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(200)
    expect((await billingAudit(ctx, guild.id)).at(-1)).toMatchObject({
      action: 'SUBSCRIPTION_UPDATE',
      description: `active → canceled · → ${periodEnd.toISOString().slice(0, 10)}`,
    })

    // The period is over: Pro ends on time even before Stripe's event arrives...
    ctx.setNow(new Date(periodEnd.getTime() + 60_000))
    expect(await statusOf(admin)).toMatchObject({ status: 'canceled', allowed: false })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)
    // ...and the event, when it comes, agrees.
    await sendOk(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject({ ...fixed, status: 'canceled', interval: 'year', price }),
        periodEnd,
      ),
    )
    expect((await guildRow(ctx, guild.id)).subscriptionStatus).toBe('canceled')
    expect(await statusOf(admin)).toMatchObject({ status: 'canceled', allowed: false })
    expect((await billingAudit(ctx, guild.id)).at(-1)).toMatchObject({
      action: 'SUBSCRIPTION_CANCELED',
      description: 'active → canceled',
    })
  })

  it('a failed payment takes Pro away at once, and a later failure changes nothing', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const sub = oneSubscription({ id: 'sub_late', guildId: guild.id, customer: 'cus_late', periodEnd: t0 })
    await sendOk(stripeEvent('customer.subscription.created', sub('active'), at(t0, 0)))
    await sendOk(stripeEvent('customer.subscription.updated', sub('past_due'), at(t0, 1)))
    expect(await statusOf(admin)).toMatchObject({
      status: 'past_due',
      allowed: false,
      body: { accessUntil: null },
    })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)
    const invoice = { guildId: guild.id, subscription: 'sub_late', customer: 'cus_late' }
    await sendOk(stripeEvent('invoice.payment_failed', failedInvoiceObject(invoice), at(t0, 60 * 24)))
    expect(await statusOf(admin)).toMatchObject({ status: 'past_due', allowed: false })
  })

  it('keeps what the checkout charged, whatever language the screen is read in', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await sendOk(
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject({
          guildId: guild.id,
          mode: 'subscription',
          customer: 'cus_charged',
          subscription: 'sub_charged',
          metadata: { interval: 'month', amountCents: '399', currency: 'USD' },
        }),
        new Date(),
      ),
    )
    const pt = await (
      await admin.request('GET', '/api/v1/billing', undefined, { 'accept-language': 'pt' })
    ).json()
    expect(pt.charged).toEqual({ amount: 3.99, currency: 'USD', interval: 'month' })
  })

  it('an expired trial subscribes and is active at once: Pro features open again', async () => {
    const { guild, admin } = await buildGuild(ctx, { createdAt: new Date(Date.now() - 10 * DAY) })
    expect(await statusOf(admin)).toMatchObject({ status: 'trialing', allowed: false })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)

    await sendOk(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_expired_trial',
          guildId: guild.id,
          customer: 'cus_expired_trial',
          status: 'active',
          periodEnd: new Date(Date.now() + 30 * DAY),
        }),
        new Date(),
      ),
    )
    expect(await statusOf(admin)).toMatchObject({ status: 'active', allowed: true })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(200)
  })

  it("maps Stripe's statuses: trialing and active grant access, unpaid is past_due, incomplete changes nothing", async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const sub = oneSubscription({
      id: 'sub_map',
      guildId: guild.id,
      customer: 'cus_map',
      periodEnd: at(t0, 99),
    })
    await sendOk(stripeEvent('customer.subscription.created', sub('incomplete'), at(t0, 0)))
    expect((await statusOf(admin)).status).toBe('trialing')
    await sendOk(stripeEvent('customer.subscription.updated', sub('trialing'), at(t0, 1)))
    expect((await statusOf(admin)).status).toBe('active')
    await sendOk(stripeEvent('customer.subscription.updated', sub('unpaid'), at(t0, 2)))
    expect((await statusOf(admin)).status).toBe('past_due')
  })

  it('a failed payment never locks a trial, and a stale subscription cannot cancel the current one', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    await sendOk(
      stripeEvent(
        'invoice.payment_failed',
        failedInvoiceObject({ guildId: guild.id, subscription: 'sub_never_paid', customer: 'cus_x' }),
        at(t0, 0),
      ),
    )
    expect((await statusOf(admin)).status).toBe('trialing')

    const current = subscriptionObject({
      id: 'sub_new',
      guildId: guild.id,
      customer: 'cus_x',
      status: 'active',
      periodEnd: at(t0, 999),
    })
    await sendOk(stripeEvent('customer.subscription.created', current, at(t0, 1)))
    const old = subscriptionObject({
      id: 'sub_old',
      guildId: guild.id,
      customer: 'cus_x',
      status: 'canceled',
      periodEnd: at(t0, 5),
    })
    await sendOk(stripeEvent('customer.subscription.deleted', old, at(t0, 2)))
    expect((await statusOf(admin)).status).toBe('active')
    expect((await guildRow(ctx, guild.id)).billingSubscriptionId).toBe('sub_new')
  })
})

describe('POST /billing/webhook: idempotency and ordering', () => {
  it('a replayed event changes nothing, even where ordering alone could not tell', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const sub = oneSubscription({
      id: 'sub_replay',
      guildId: guild.id,
      customer: 'cus_replay',
      periodEnd: at(t0, 60),
    })
    const activate = stripeEvent('customer.subscription.created', sub('active'), at(t0, 0))
    // Stripe's times are whole seconds: a failure and its recovery can share one.
    const fail = stripeEvent('customer.subscription.updated', sub('past_due'), at(t0, 1))
    const recover = stripeEvent('customer.subscription.updated', sub('active'), at(t0, 1))
    const realtime = await listen(ctx, guild.id)
    await sendOk(activate)
    await sendOk(activate)
    expect(await billingAudit(ctx, guild.id)).toHaveLength(1)
    await sendOk(fail)
    await sendOk(recover)
    await sendOk(fail)
    await sendOk(activate)
    expect((await statusOf(admin)).status).toBe('active')
    expect((await billingAudit(ctx, guild.id)).map((row) => row.action)).toEqual([
      'SUBSCRIPTION_ACTIVATED',
      'SUBSCRIPTION_PAST_DUE',
      'SUBSCRIPTION_ACTIVATED',
    ])
    expect(await recordedEvents(ctx, guild.id)).toHaveLength(3)
    // Announced once per change, never for a replay.
    expect((await realtime.settled()).map((e) => e.topic)).toEqual(['guild', 'guild', 'guild'])
    realtime.stop()
  })

  it('an older subscription.updated arriving after a newer one does not win', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    const ids = { id: 'sub_order', guildId: guild.id, customer: 'cus_order' }
    await sendOk(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject({ ...ids, status: 'active', periodEnd: at(t0, 60) }),
        at(t0, 0),
      ),
    )
    const newer = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ ...ids, status: 'past_due', periodEnd: at(t0, 60) }),
      at(t0, 10),
    )
    const older = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ ...ids, status: 'active', periodEnd: at(t0, 120) }),
      at(t0, 5),
    )
    await sendOk(newer)
    await sendOk(older)
    const row = await guildRow(ctx, guild.id)
    expect(row.subscriptionStatus).toBe('past_due')
    expect(row.subscriptionEndDate?.toISOString()).toBe(
      new Date(Math.floor(at(t0, 60).getTime() / 1000) * 1000).toISOString(),
    )
    expect(row.subscriptionSyncedAt?.getTime()).toBe(Math.floor(at(t0, 10).getTime() / 1000) * 1000)
    expect((await statusOf(admin)).status).toBe('past_due')
    // Recorded all the same, so its replay is recognised too.
    expect((await recordedEvents(ctx, guild.id)).map((row) => row.id).sort()).toContain(older.id)
  })
})

describe('POST /billing/webhook: extra invites', () => {
  it('counts one invite per paid session, once: a replay changes nothing', async () => {
    const { guild } = await buildGuild(ctx)
    const realtime = await listen(ctx, guild.id)
    const paid = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ guildId: guild.id, mode: 'payment', metadata: { kind: 'extra_invite' } }),
      new Date(),
    )
    await sendOk(paid)
    await sendOk(paid)
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(1)
    expect((await realtime.settled()).map((e) => e.topic).sort()).toEqual(['guild', 'members'])

    // Paid later (boleto): `completed` says unpaid, then `async_payment_succeeded` adds the one invite.
    const pending = checkoutSessionObject({
      guildId: guild.id,
      mode: 'payment',
      paymentStatus: 'unpaid',
      metadata: { kind: 'extra_invite' },
    })
    await sendOk(stripeEvent('checkout.session.completed', pending, new Date()))
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(1)
    const settled = stripeEvent(
      'checkout.session.async_payment_succeeded',
      { ...pending, payment_status: 'paid' },
      new Date(),
    )
    await sendOk(settled)
    await sendOk(settled)
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(2)
    expect(await billingAudit(ctx, guild.id)).toEqual([
      { action: 'SUBSCRIPTION_EXTRA_INVITE', description: '0 → 1', userId: null },
      { action: 'SUBSCRIPTION_EXTRA_INVITE', description: '1 → 2', userId: null },
    ])
    realtime.stop()
  })

  it('concurrent deliveries of one event count once; concurrent different payments all count', async () => {
    const { guild } = await buildGuild(ctx)
    const invite = () =>
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject({ guildId: guild.id, mode: 'payment', metadata: { kind: 'extra_invite' } }),
        new Date(),
      )
    const once = invite()
    const same = await Promise.all(Array.from({ length: 6 }, () => postWebhook(ctx, once)))
    expect(same.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(1)
    const distinct = await Promise.all(Array.from({ length: 5 }, () => postWebhook(ctx, invite())))
    expect(distinct.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(6)
    expect(await billingAudit(ctx, guild.id)).toHaveLength(6)
  })
})

describe('POST /billing/webhook: what it ignores', () => {
  it('answers 200 to unknown guilds, malformed guild ids and event types it does not handle', async () => {
    const { guild } = await buildGuild(ctx)
    for (const guildId of [randomUUID(), 'not-a-uuid']) {
      await sendOk(
        stripeEvent(
          'checkout.session.completed',
          checkoutSessionObject({ guildId, mode: 'payment', metadata: { kind: 'extra_invite' } }),
          new Date(),
        ),
      )
    }
    await sendOk(
      stripeEvent(
        'customer.created',
        { id: 'cus_other', object: 'customer', metadata: { guildId: guild.id } },
        new Date(),
      ),
    )
    await sendOk(
      stripeEvent(
        'checkout.session.completed',
        checkoutSessionObject({ guildId: guild.id, mode: 'payment' }),
        new Date(),
      ),
    )
    const row = await guildRow(ctx, guild.id)
    expect(row.extraInvites).toBe(0)
    expect(row.subscriptionStatus).toBe('trialing')
    expect(await recordedEvents(ctx, guild.id)).toEqual([])
  })

  it('finds the guild by its subscription when an event carries no guild id', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const t0 = new Date()
    await sendOk(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_lookup',
          guildId: guild.id,
          customer: 'cus_lookup',
          status: 'active',
          periodEnd: at(t0, 60),
        }),
        at(t0, 0),
      ),
    )
    await sendOk(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: 'sub_lookup',
          customer: 'cus_lookup',
          status: 'past_due',
          periodEnd: at(t0, 60),
        }),
        at(t0, 1),
      ),
    )
    expect((await statusOf(admin)).status).toBe('past_due')
  })
})
