import { afterEach, describe, expect, it } from 'vitest'
import { readSse } from '../live-updates/sse.test-support'
import { publicClient } from '../public/public.test-support'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { sandboxAct } from './billing.test-support'

// A billing change reaches the public page at once: the change publishes the 'guild' topic after its
// commit, an open public stream re-checks its gate on that topic, and the gate is read fresh every time.

const PASSWORD = 'public-billing-77'
const ctx = await fileTestContext()
const client = publicClient(ctx)

/** A subscribed guild's public page, entered and listening for changes. */
async function openPaidGuildPage() {
  const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
  await sandboxAct(admin, 'checkout', 'pay')
  const { cookie } = await client.enter(guild.slug, PASSWORD)
  const stream = readSse(await client.call('GET', `${guild.slug}/events`, { cookie }))
  await stream.waitFor('ready')
  return { guild, admin, cookie, stream }
}

afterEach(() => ctx.setNow(null as unknown as Date))

async function periodEnd(admin: Awaited<ReturnType<typeof buildGuild>>['admin']) {
  const billing = await (await admin.request('GET', '/api/v1/billing')).json()
  return new Date(billing.accessUntil ?? billing.currentPeriodEnd)
}

describe('the public page and the subscription', () => {
  it('stays open after a cancellation until the paid period ends, then locks; a new subscription unlocks it', async () => {
    const { guild, admin, cookie, stream } = await openPaidGuildPage()

    await sandboxAct(admin, 'portal', 'portal', { action: 'cancel_subscription' })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(200)
    await stream.close()

    ctx.setNow(new Date((await periodEnd(admin)).getTime() + 1000))
    const locked = await (await client.call('GET', guild.slug, { cookie })).json()
    expect(locked).toMatchObject({ blocked: 'PUBLIC_SUBSCRIPTION_EXPIRED', hasAccess: false })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(403)

    await sandboxAct(admin, 'checkout', 'pay')
    // (A month on, the 12-hour cookie is over: the password lets the browser in again.)
    const again = await client.enter(guild.slug, PASSWORD)
    expect(await (await client.call('GET', guild.slug, { cookie: again.cookie })).json()).toMatchObject({
      blocked: null,
      hasAccess: true,
    })
  })

  it('unlocks at once, with the same cookie, when a canceled subscription is bought again', async () => {
    const { guild, admin, cookie, stream } = await openPaidGuildPage()
    await sandboxAct(admin, 'portal', 'portal', { action: 'fail_payment' })
    await stream.close()
    // A past-due subscription cancelled in the portal ends at once (its paid period is over).
    await sandboxAct(admin, 'portal', 'portal', { action: 'cancel_subscription' })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(403)
    await sandboxAct(admin, 'checkout', 'pay')
    expect(await (await client.call('GET', guild.slug, { cookie })).json()).toMatchObject({
      blocked: null,
      hasAccess: true,
    })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(200)
  })

  it('locks on a failed payment (past_due) too', async () => {
    const { guild, admin, cookie, stream } = await openPaidGuildPage()
    await sandboxAct(admin, 'portal', 'portal', { action: 'fail_payment' })
    await stream.waitFor('revoked', { timeoutMs: 2000 })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(403)
    await stream.close()
  })
})
