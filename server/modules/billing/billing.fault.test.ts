import { afterAll, describe, expect, it } from 'vitest'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { startStripeStub } from '../../test/stripe-stub'
import { guildRow, postWebhook, stripeEnv, stripeEvent, subscriptionObject } from './billing.test-support'

// A billing event records its id, changes the guild's subscription and writes its audit row in one
// transaction (with the sandbox session it settles): the database failing after any of them, or at the
// commit after the audit insert, leaves everything as it was, so the payment can be made or delivered again.

const stub = await startStripeStub()
afterAll(() => stub.close())
const [sandbox, stripe] = await Promise.all([
  fileTestContext(),
  fileTestContext({ env: stripeEnv(stub.url) }),
])

const faults: [string, (guildId: string) => Fault][] = [
  ['on the guild update, after the event id is recorded', () => ({ table: 'guilds', on: 'UPDATE' })],
  ['on the audit row', (guildId) => ({ table: 'audit_logs', on: 'INSERT', guildId })],
  [
    'at the commit, after the audit row',
    (guildId) => ({ table: 'audit_logs', on: 'INSERT', when: 'commit', guildId }),
  ],
]

describe('a sandbox payment that fails part-way', () => {
  it.each(faults)('failing %s leaves nothing behind', async (_where, fault) => {
    const { guild, admin } = await buildGuild(sandbox)
    const checkout = await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' })
    expect(checkout.status).toBe(200)
    const session = (await checkout.json()).url.split('/').pop()
    const pay = () => admin.request('POST', `/api/v1/billing/sandbox/sessions/${session}/pay`)

    const before = await databaseSnapshot(sandbox.database)
    const { result: res, fired } = await withFault(sandbox.database, fault(guild.id), pay)
    expect(res.status, await res.clone().text()).toBe(500)
    expect(fired, 'the injected fault fired').toBe(1)
    expect(await databaseSnapshot(sandbox.database)).toEqual(before)

    // The session was not left paid: paying again without the fault activates the subscription.
    expect((await pay()).status).toBe(200)
    expect((await guildRow(sandbox, guild.id)).subscriptionStatus).toBe('active')
  })
})

describe('a Stripe webhook delivery that fails part-way', () => {
  it.each(faults)(
    'failing %s leaves nothing behind, and the retried delivery applies',
    async (_where, fault) => {
      const { guild } = await buildGuild(stripe)
      const event = stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({
          id: `sub_${guild.id.slice(0, 8)}`,
          guildId: guild.id,
          customer: `cus_${guild.id.slice(0, 8)}`,
          status: 'active',
          periodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        }),
        new Date(),
      )
      const before = await databaseSnapshot(stripe.database)
      const { result: res, fired } = await withFault(stripe.database, fault(guild.id), () =>
        postWebhook(stripe, event),
      )
      // A 5xx makes Stripe deliver again; the event id must not have been recorded as seen.
      expect(res.status, await res.clone().text()).toBe(500)
      expect(fired, 'the injected fault fired').toBe(1)
      expect(await databaseSnapshot(stripe.database)).toEqual(before)

      expect((await postWebhook(stripe, event)).status).toBe(200)
      expect((await guildRow(stripe, guild.id)).subscriptionStatus).toBe('active')
    },
  )
})
