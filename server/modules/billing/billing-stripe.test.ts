import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { guilds } from '../../db/schema'
import { anonymous, buildGuild, buildMember, DEFAULT_PASSWORD } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext, TEST_APP_URL } from '../../test/harness'
import { closedPortUrl, STUB_SECRET_KEY, startStripeStub } from '../../test/stripe-stub'
import { stripeProvider } from '../../platform/billing/stripe'
import {
  checkoutSessionObject,
  postWebhook,
  stripeEnv,
  stripeEvent,
  WEBHOOK_SECRET,
} from './billing.test-support'

// Checkout, portal and extra-invite calls through the real Stripe SDK, pointed at a local stub by
// STRIPE_API_URL. Prices come from contract/plans.ts; the browser never sends one.

const DAY = 24 * 3600 * 1000
const stub = await startStripeStub()
afterAll(() => stub.close())
const ctx = await fileTestContext({ env: stripeEnv(stub.url) })
beforeEach(() => {
  stub.setMode('ok')
  stub.requests.length = 0
})

const setGuild = (guildId: string, values: Partial<typeof guilds.$inferInsert>) =>
  ctx.database.db.update(guilds).set(values).where(eq(guilds.id, guildId))

describe('POST /billing/checkout (Stripe)', () => {
  it("opens a subscription checkout at the plan table's price in the language's currency, ignoring any price sent", async () => {
    const { guild, admin } = await buildGuild(ctx)
    const res = await admin.request('POST', '/api/v1/billing/checkout', {
      interval: 'year',
      price: 0.01,
      amount: 1,
      unit_amount: 1,
      currency: 'usd',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' })
    expect(stub.requests).toHaveLength(1)
    const { method, path, form, headers } = stub.requests[0]!
    expect([method, path, headers.authorization]).toEqual([
      'POST',
      '/v1/checkout/sessions',
      `Bearer ${STUB_SECRET_KEY}`,
    ])
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'subscription',
      client_reference_id: guild.id,
      'metadata[guildId]': guild.id,
      'metadata[interval]': 'year',
      'subscription_data[metadata][guildId]': guild.id,
      // What is charged, kept with the subscription: the screen shows it in any language.
      'metadata[amountCents]': '19900',
      'metadata[currency]': 'BRL',
      // A live trial is not thrown away: Stripe charges first when it ends.
      'subscription_data[trial_end]': String(Math.floor((guild.createdAt.getTime() + 3 * DAY) / 1000)),
      customer_email: admin.user.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][product_data][name]': 'LootQueue Pro · Anual',
      locale: 'pt-BR',
      success_url: `${TEST_APP_URL}/dashboard/subscription?payment=success`,
      cancel_url: `${TEST_APP_URL}/dashboard/subscription?payment=cancel`,
    })
    expect(
      [...form.keys()].filter(
        (key) => /amount|price/.test(key) && !key.startsWith('line_items') && key !== 'metadata[amountCents]',
      ),
    ).toEqual([])
  })

  it('charges at once after the trial, and never sooner than 48 hours away during its last hours', async () => {
    const expired = await buildGuild(ctx, { createdAt: new Date(Date.now() - 5 * DAY) })
    expect((await expired.admin.request('POST', '/api/v1/billing/checkout', {})).status).toBe(200)
    expect(stub.requests[0]!.form.has('subscription_data[trial_end]')).toBe(false)

    // Six hours of trial left: Stripe refuses a trial_end under 48 hours away, so the first charge waits 48 h.
    const lastHours = await buildGuild(ctx, { createdAt: new Date(Date.now() - 3 * DAY + 6 * 3600_000) })
    const before = Date.now()
    expect((await lastHours.admin.request('POST', '/api/v1/billing/checkout', {})).status).toBe(200)
    const trialEnd = Number(stub.requests[1]!.form.get('subscription_data[trial_end]')) * 1000
    expect(trialEnd).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000)
    expect(trialEnd).toBeLessThan(before + 49 * 3600_000)
    const billing = await (await lastHours.admin.request('GET', '/api/v1/billing')).json()
    expect(Math.abs(new Date(billing.firstChargeAt).getTime() - trialEnd)).toBeLessThan(2000)
  })

  it('charges US$ 3.99 a month in English, and monthly is the default interval', async () => {
    const { admin } = await buildGuild(ctx)
    const res = await admin.request('POST', '/api/v1/billing/checkout', undefined, {
      'accept-language': 'en-US',
    })
    expect(res.status).toBe(200)
    expect(Object.fromEntries(stub.requests[0]!.form)).toMatchObject({
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '399',
      'line_items[0][price_data][recurring][interval]': 'month',
      locale: 'en',
    })
  })

  it("reuses the guild's Stripe customer when a canceled or expired guild subscribes again", async () => {
    const { guild, admin } = await buildGuild(ctx, { createdAt: new Date(Date.now() - 9 * DAY) })
    await setGuild(guild.id, { subscriptionStatus: 'canceled', billingCustomerId: 'cus_returning' })
    expect((await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' })).status).toBe(200)
    const form = stub.requests[0]!.form
    expect(form.get('customer')).toBe('cus_returning')
    expect(form.has('customer_email')).toBe(false)
  })

  it('refuses while active or past_due (ALREADY_SUBSCRIBED) without calling Stripe', async () => {
    for (const status of ['active', 'past_due']) {
      const { guild, admin } = await buildGuild(ctx)
      await setGuild(guild.id, { subscriptionStatus: status, billingCustomerId: 'cus_subscribed' })
      await expectError(
        await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' }),
        409,
        'ALREADY_SUBSCRIBED',
      )
    }
    expect(stub.requests).toEqual([])
  })

  it('rejects an interval that is not month or year', async () => {
    const { admin } = await buildGuild(ctx)
    await expectError(
      await admin.request('POST', '/api/v1/billing/checkout', { interval: 'week' }),
      400,
      'VALIDATION_FAILED',
    )
    expect(stub.requests).toEqual([])
  })
})

describe('POST /billing/portal (Stripe)', () => {
  it('needs a billing account (NO_BILLING_ACCOUNT), then opens the portal returning to the subscription screen', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await expectError(await admin.request('POST', '/api/v1/billing/portal'), 409, 'NO_BILLING_ACCOUNT')
    expect(stub.requests).toEqual([])

    await setGuild(guild.id, { subscriptionStatus: 'active', billingCustomerId: 'cus_portal' })
    const res = await admin.request('POST', '/api/v1/billing/portal')
    expect(res.status).toBe(200)
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_\d+$/)
    expect(stub.requests[0]!.path).toBe('/v1/billing_portal/sessions')
    expect(Object.fromEntries(stub.requests[0]!.form)).toEqual({
      customer: 'cus_portal',
      return_url: `${TEST_APP_URL}/dashboard/subscription`,
      locale: 'pt-BR',
    })
  })
})

describe('POST /billing/extra-invite (Stripe)', () => {
  it('opens a one-off payment for one invite (R$ 5,00) that returns to the users page', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const res = await admin.request('POST', '/api/v1/billing/extra-invite', { quantity: 10, amount: 0 })
    expect(res.status).toBe(200)
    expect((await res.json()).url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    expect(Object.fromEntries(stub.requests[0]!.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: guild.id,
      'metadata[guildId]': guild.id,
      'metadata[kind]': 'extra_invite',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '500',
      success_url: `${TEST_APP_URL}/dashboard/users?payment=success`,
      cancel_url: `${TEST_APP_URL}/dashboard/users?payment=cancel`,
    })
  })

  it('needs Pro: an expired trial gets 402 and Stripe is not called', async () => {
    const { admin } = await buildGuild(ctx, { createdAt: new Date(Date.now() - 5 * DAY) })
    await expectError(
      await admin.request('POST', '/api/v1/billing/extra-invite'),
      402,
      'SUBSCRIPTION_REQUIRED',
    )
    expect(stub.requests).toEqual([])
  })
})

describe('billing permissions', () => {
  it('is for admins: members get 403, strangers 401', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const calls: [string, string][] = [
      ['GET', '/api/v1/billing'],
      ['POST', '/api/v1/billing/checkout'],
      ['POST', '/api/v1/billing/portal'],
      ['POST', '/api/v1/billing/extra-invite'],
    ]
    for (const [method, path] of calls) {
      await expectError(
        await member.request(method, path, method === 'POST' ? {} : undefined),
        403,
        'FORBIDDEN',
      )
      expect((await anonymous(ctx)(method, path)).status).toBe(401)
    }
    expect(stub.requests).toEqual([])
  })
})

describe('a provider outage', () => {
  it('is a 502 BILLING_PROVIDER_ERROR when Stripe answers 500, never a 500', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await setGuild(guild.id, { billingCustomerId: 'cus_outage' })
    stub.setMode('outage')
    for (const path of [
      '/api/v1/billing/checkout',
      '/api/v1/billing/portal',
      '/api/v1/billing/extra-invite',
    ]) {
      const res = await admin.request('POST', path, {})
      expect(res.status).toBe(502)
      expect((await res.json()).error).toMatchObject({
        code: 'BILLING_PROVIDER_ERROR',
        message: expect.any(String),
      })
    }
    expect(stub.requests.length).toBeGreaterThanOrEqual(3)
  })

  it('is a 502 when Stripe cannot be reached, and the app and its webhook still work', async () => {
    const reachable = ctx.deps.billing
    // The same adapter main.ts builds, pointed at an address where nothing listens.
    ctx.deps.billing = stripeProvider({
      secretKey: STUB_SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: await closedPortUrl(),
      appUrl: TEST_APP_URL,
    })
    try {
      const { guild, admin } = await buildGuild(ctx)
      await expectError(
        await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' }),
        502,
        'BILLING_PROVIDER_ERROR',
      )
      expect((await admin.request('GET', '/api/v1/billing')).status).toBe(200)
      const paid = checkoutSessionObject({
        guildId: guild.id,
        mode: 'payment',
        metadata: { kind: 'extra_invite' },
      })
      expect(
        (await postWebhook(ctx, stripeEvent('checkout.session.completed', paid, new Date()))).status,
      ).toBe(200)
      expect((await (await admin.request('GET', '/api/v1/billing')).json()).extraInvites).toBe(1)
    } finally {
      ctx.deps.billing = reachable
    }
  })
})

describe('deleting a guild with a paid subscription (Stripe)', () => {
  const subscribe = (guildId: string, subscriptionId: string) =>
    setGuild(guildId, {
      subscriptionStatus: 'active',
      billingCustomerId: 'cus_deleted_guild',
      billingSubscriptionId: subscriptionId,
      subscriptionEndDate: new Date(Date.now() + 20 * DAY),
    })

  it('cancels the subscription at Stripe (no refund, no proration) with the guild', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Gone With Billing' })
    await subscribe(guild.id, 'sub_gone')
    const res = await admin.request('DELETE', '/api/v1/me', {
      currentPassword: DEFAULT_PASSWORD,
      confirmGuildName: 'Gone With Billing',
    })
    expect(res.status).toBe(200)
    expect(stub.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/v1/subscriptions/sub_gone']])
    expect([...stub.requests[0]!.form.keys()]).toEqual([])
    expect(await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))).toEqual([])
  })

  it('keeps the guild, and says so, when Stripe cannot cancel: never a deleted guild still charged', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Kept By Outage' })
    await subscribe(guild.id, 'sub_kept')
    stub.setMode('outage')
    await expectError(
      await admin.request('DELETE', '/api/v1/me', {
        currentPassword: DEFAULT_PASSWORD,
        confirmGuildName: 'Kept By Outage',
      }),
      502,
      'BILLING_PROVIDER_ERROR',
    )
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(row).toMatchObject({ subscriptionStatus: 'active', billingSubscriptionId: 'sub_kept' })
    expect((await admin.request('GET', '/api/v1/me')).status).toBe(200)

    stub.setMode('ok')
    expect(
      (
        await admin.request('DELETE', '/api/v1/me', {
          currentPassword: DEFAULT_PASSWORD,
          confirmGuildName: 'Kept By Outage',
        })
      ).status,
    ).toBe(200)
  })

  it('deletes a guild whose subscription Stripe no longer has, and asks nothing for a canceled one', async () => {
    const gone = await buildGuild(ctx, { name: 'Missing At Stripe' })
    await subscribe(gone.guild.id, 'sub_missing_1')
    expect(
      (
        await gone.admin.request('DELETE', '/api/v1/me', {
          currentPassword: DEFAULT_PASSWORD,
          confirmGuildName: 'Missing At Stripe',
        })
      ).status,
    ).toBe(200)
    const canceled = await buildGuild(ctx, { name: 'Already Canceled' })
    await setGuild(canceled.guild.id, { subscriptionStatus: 'canceled', billingSubscriptionId: 'sub_old' })
    expect(
      (
        await canceled.admin.request('DELETE', '/api/v1/me', {
          currentPassword: DEFAULT_PASSWORD,
          confirmGuildName: 'Already Canceled',
        })
      ).status,
    ).toBe(200)
    expect(stub.requests.map((r) => r.path)).toEqual(['/v1/subscriptions/sub_missing_1'])
  })
})
