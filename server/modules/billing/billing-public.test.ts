import { describe, expect, it } from 'vitest'
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

describe('the public page and the subscription', () => {
  it('locks open pages at once when the subscription is canceled, and unlocks when it is active again', async () => {
    const { guild, admin, cookie, stream } = await openPaidGuildPage()

    await sandboxAct(admin, 'portal', 'portal', { action: 'cancel_subscription' })
    await stream.waitFor('revoked', { timeoutMs: 2000 })
    await stream.waitForEnd()
    const locked = await (await client.call('GET', guild.slug, { cookie })).json()
    expect(locked).toMatchObject({ blocked: 'PUBLIC_SUBSCRIPTION_EXPIRED', hasAccess: false })
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(403)

    await sandboxAct(admin, 'checkout', 'pay')
    // The same browser's cookie is good again: no new password needed, nothing cached in between.
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
