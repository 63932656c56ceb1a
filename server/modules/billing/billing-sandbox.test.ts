import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { silentLogger } from '../../lib/logger'
import { chooseBillingProvider } from '../../platform/billing/choose-provider'
import type { Actor } from '../../test/factories'
import { buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext, TEST_APP_URL } from '../../test/harness'
import { billingAudit, guildRow, listen, recordedEvents } from './billing.test-support'

// The sandbox provider (no STRIPE_SECRET_KEY): checkout and portal are local pages whose buttons produce
// the same normalized events as Stripe's webhook and go through the same apply function.

const DAY = 24 * 3600 * 1000
const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

const sessionPath = (id: string, act = '') => `/api/v1/billing/sandbox/sessions/${id}${act}`

/** Opens a checkout (or portal) as the admin and returns the sandbox session id from the page url. */
async function open(admin: Actor, what: 'checkout' | 'portal' | 'extra-invite', body?: unknown) {
  const res = await admin.request('POST', `/api/v1/billing/${what}`, body ?? {})
  expect(res.status).toBe(200)
  const { url } = await res.json()
  expect(url).toMatch(new RegExp(`^${TEST_APP_URL}/billing/sandbox/sbx_cs_[0-9a-f]{24}$`))
  return url.split('/').pop() as string
}

async function act(admin: Actor, id: string, path: string, body?: unknown) {
  const res = await admin.request('POST', sessionPath(id, path), body)
  return { status: res.status, body: await res.json() }
}

async function status(admin: Actor) {
  return (await (await admin.request('GET', '/api/v1/billing')).json()).subscription.status as string
}

describe('the sandbox checkout', () => {
  it('opens a local page whose session shows the plan price in the language of the request', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Sandbox Pay' })
    const billing = await (await admin.request('GET', '/api/v1/billing')).json()
    expect(billing).toMatchObject({ provider: 'sandbox', hasBillingAccount: false, extraInvites: 0 })

    const id = await open(admin, 'checkout', { interval: 'year', amount: 0.01 })
    const res = await admin.request('GET', sessionPath(id))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      id,
      kind: 'subscription',
      guildName: 'Sandbox Pay',
      interval: 'year',
      amount: 199,
      currency: 'BRL',
      returnUrl: `${TEST_APP_URL}/dashboard/subscription?payment=success`,
      cancelUrl: `${TEST_APP_URL}/dashboard/subscription?payment=cancel`,
      status: 'open',
      subscriptionStatus: 'trialing',
      // Subscribing during the trial: nothing today, the first charge when the trial ends.
      firstChargeAt: new Date(guild.createdAt.getTime() + 3 * DAY).toISOString(),
      cancelAt: null,
      periodEnd: null,
    })
    const en = await admin.request(
      'POST',
      '/api/v1/billing/checkout',
      { interval: 'month' },
      { 'accept-language': 'en' },
    )
    const enId = (await en.json()).url.split('/').pop()
    expect(await (await admin.request('GET', sessionPath(enId))).json()).toMatchObject({
      amount: 3.99,
      currency: 'USD',
    })
    expect((await guildRow(ctx, guild.id)).subscriptionStatus).toBe('trialing')
  })

  it('walks trialing → active → past_due → active → canceled → active through the pages, like the webhook', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const realtime = await listen(ctx, guild.id)

    const checkout = await open(admin, 'checkout', { interval: 'month' })
    const paid = await act(admin, checkout, '/pay')
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid', subscriptionStatus: 'active' } })
    expect(await status(admin)).toBe('active')
    const billing = await (await admin.request('GET', '/api/v1/billing')).json()
    expect(billing).toMatchObject({
      hasBillingAccount: true,
      interval: 'month',
      charged: { amount: 19.9, currency: 'BRL', interval: 'month' },
      firstChargeAt: null,
    })
    // Paid during the trial: the first period is the rest of the trial, the first charge at its end.
    expect(billing.currentPeriodEnd).toBe(new Date(guild.createdAt.getTime() + 3 * DAY).toISOString())

    await expectError(await admin.request('POST', '/api/v1/billing/checkout', {}), 409, 'ALREADY_SUBSCRIBED')

    const portal = await open(admin, 'portal')
    expect(await (await admin.request('GET', sessionPath(portal))).json()).toMatchObject({
      kind: 'portal',
      interval: 'month',
      amount: 19.9,
      returnUrl: `${TEST_APP_URL}/dashboard/subscription`,
    })
    expect(await act(admin, portal, '/portal', { action: 'recover_payment' })).toMatchObject({ status: 409 })
    expect((await act(admin, portal, '/portal', { action: 'fail_payment' })).body.subscriptionStatus).toBe(
      'past_due',
    )
    expect(await status(admin)).toBe('past_due')
    // A late payment has no Pro until it is paid (PRODUCT.md: Pro needs active or a live trial).
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)
    expect((await act(admin, portal, '/portal', { action: 'recover_payment' })).body.subscriptionStatus).toBe(
      'active',
    )
    const renewed = (await (await admin.request('GET', '/api/v1/billing')).json()).currentPeriodEnd
    // Cancelling, as Stripe's portal does: at the end of the paid period, with Pro until then.
    const cancelled = await act(admin, portal, '/portal', { action: 'cancel_subscription' })
    expect(cancelled.body).toMatchObject({ subscriptionStatus: 'active', cancelAt: renewed })
    expect(await status(admin)).toBe('active')
    expect((await (await admin.request('GET', '/api/v1/billing')).json()).accessUntil).toBe(renewed)
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(200)
    expect(await act(admin, portal, '/portal', { action: 'cancel_subscription' })).toMatchObject({
      status: 409,
    })
    // Changed their mind, then cancelled again.
    expect((await act(admin, portal, '/portal', { action: 'resume_subscription' })).body.cancelAt).toBe(null)
    await act(admin, portal, '/portal', { action: 'cancel_subscription' })

    // The paid period ends: Pro goes without anyone acting (the sandbox sends no later event).
    ctx.setNow(new Date(new Date(renewed).getTime() + 1000))
    expect(await status(admin)).toBe('canceled')
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)
    expect(await act(admin, portal, '/portal', { action: 'cancel_subscription' })).toMatchObject({
      status: 409,
    })

    const resubscribe = await open(admin, 'checkout', { interval: 'year' })
    await act(admin, resubscribe, '/pay')
    expect(await status(admin)).toBe('active')
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(200)
    ctx.setNow(null as unknown as Date)

    expect((await billingAudit(ctx, guild.id)).map((row) => [row.action, row.userId])).toEqual([
      ['SUBSCRIPTION_ACTIVATED', null],
      ['SUBSCRIPTION_PAST_DUE', null],
      ['SUBSCRIPTION_ACTIVATED', null],
      ['SUBSCRIPTION_UPDATE', null],
      ['SUBSCRIPTION_UPDATE', null],
      ['SUBSCRIPTION_UPDATE', null],
      ['SUBSCRIPTION_ACTIVATED', null],
    ])
    const events = await recordedEvents(ctx, guild.id)
    expect(events.map((row) => row.type).sort()).toEqual([
      'checkout.session.completed',
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.updated',
    ])
    expect(await realtime.settled()).toEqual(
      Array.from({ length: 7 }, () => ({ guildId: guild.id, topic: 'guild' })),
    )
    // The same customer throughout: the portal keeps one history.
    expect((await guildRow(ctx, guild.id)).billingCustomerId).toMatch(/^sbx_cus_/)
    realtime.stop()
  })

  it('an expired trial subscribes and is active at once', async () => {
    const { admin } = await buildGuild(ctx, { createdAt: new Date(Date.now() - 6 * DAY) })
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(402)
    await act(admin, await open(admin, 'checkout'), '/pay')
    expect(await status(admin)).toBe('active')
    expect((await admin.request('GET', '/api/v1/history/stats')).status).toBe(200)
  })

  it('an abandoned checkout charges nothing and cannot be paid afterwards', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const id = await open(admin, 'checkout')
    expect(await act(admin, id, '/cancel')).toMatchObject({ status: 200, body: { status: 'cancelled' } })
    const pay = await act(admin, id, '/pay')
    expect(pay.status).toBe(409)
    expect(pay.body.error.code).toBe('CONFLICT')
    expect((await guildRow(ctx, guild.id)).subscriptionStatus).toBe('trialing')
    expect(await recordedEvents(ctx, guild.id)).toEqual([])
  })

  it('the portal needs a billing account', async () => {
    const { admin } = await buildGuild(ctx)
    await expectError(await admin.request('POST', '/api/v1/billing/portal'), 409, 'NO_BILLING_ACCOUNT')
  })
})

describe('the sandbox extra invite', () => {
  it('adds exactly one invite per paid session: paying twice or cancelling afterwards changes nothing', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const realtime = await listen(ctx, guild.id)
    const id = await open(admin, 'extra-invite')
    expect(await (await admin.request('GET', sessionPath(id))).json()).toMatchObject({
      kind: 'extra_invite',
      amount: 5,
      currency: 'BRL',
      returnUrl: `${TEST_APP_URL}/dashboard/users?payment=success`,
      cancelUrl: `${TEST_APP_URL}/dashboard/users?payment=cancel`,
    })
    await act(admin, id, '/pay')
    await act(admin, id, '/pay')
    expect(await act(admin, id, '/cancel')).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect((await guildRow(ctx, guild.id)).extraInvites).toBe(1)
    await act(admin, await open(admin, 'extra-invite'), '/pay')
    expect((await (await admin.request('GET', '/api/v1/billing')).json()).extraInvites).toBe(2)
    expect(await billingAudit(ctx, guild.id)).toEqual([
      { action: 'SUBSCRIPTION_EXTRA_INVITE', description: '0 → 1', userId: null },
      { action: 'SUBSCRIPTION_EXTRA_INVITE', description: '1 → 2', userId: null },
    ])
    expect((await realtime.settled()).filter((e) => e.topic === 'members')).toHaveLength(2)
    realtime.stop()
  })

  it('needs Pro (402 after the trial)', async () => {
    const { admin } = await buildGuild(ctx, { createdAt: new Date(Date.now() - 4 * DAY) })
    const res = await admin.request('POST', '/api/v1/billing/extra-invite')
    expect(res.status).toBe(402)
  })
})

describe('sandbox sessions belong to one guild', () => {
  it("another guild's session is 404 and nothing changes; members of the guild get 403", async () => {
    const { guild, admin } = await buildGuild(ctx)
    const other = await buildGuild(ctx)
    const id = await open(admin, 'checkout')
    for (const [method, path, body] of [
      ['GET', sessionPath(id), undefined],
      ['POST', sessionPath(id, '/pay'), undefined],
      ['POST', sessionPath(id, '/cancel'), undefined],
      ['POST', sessionPath(id, '/portal'), { action: 'cancel_subscription' }],
    ] as const) {
      await expectError(await other.admin.request(method, path, body), 404, 'NOT_FOUND')
    }
    const member = await buildMember(ctx, { guildId: guild.id })
    expect((await member.request('POST', sessionPath(id, '/pay'))).status).toBe(403)
    expect((await admin.request('GET', sessionPath('sbx_cs_unknown'))).status).toBe(404)
    expect(await (await admin.request('GET', sessionPath(id))).json()).toMatchObject({ status: 'open' })
    expect((await guildRow(ctx, guild.id)).subscriptionStatus).toBe('trialing')
    expect((await guildRow(ctx, other.guild.id)).subscriptionStatus).toBe('trialing')
  })
})

describe('the sandbox in production', () => {
  const providerFor = (env: Record<string, string>) =>
    chooseBillingProvider(
      parseEnv({ AUTH_SECRET: 'test-secret-test-secret-test-secret-000', ...env }),
      ctx.database.db,
      silentLogger,
    )

  it('is refused unless BILLING_SANDBOX=true: checkout is a 502 and sessions do not exist', async () => {
    expect(providerFor({ NODE_ENV: 'development' })).toMatchObject({ kind: 'sandbox', available: true })
    expect(providerFor({ NODE_ENV: 'production', BILLING_SANDBOX: 'true' })).toMatchObject({
      available: true,
    })
    const refused = providerFor({ NODE_ENV: 'production' })
    expect(refused).toMatchObject({ kind: 'sandbox', available: false })

    const { admin } = await buildGuild(ctx)
    const id = await open(admin, 'checkout')
    const sandbox = ctx.deps.billing
    ctx.deps.billing = refused
    try {
      await expectError(
        await admin.request('POST', '/api/v1/billing/checkout', {}),
        502,
        'BILLING_PROVIDER_ERROR',
      )
      expect((await admin.request('GET', sessionPath(id))).status).toBe(404)
      expect((await admin.request('POST', sessionPath(id, '/pay'))).status).toBe(404)
    } finally {
      ctx.deps.billing = sandbox
    }
    expect(await status(admin)).toBe('trialing')
  })
})
