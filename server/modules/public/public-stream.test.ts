import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { guilds } from '../../db/schema'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { HEARTBEAT_MS } from '../live-updates/live-updates.service'
import { readSse } from '../live-updates/sse.test-support'
import { limitMs, medianMs } from '../../test/timing'
import { ACCESS_TTL_MS } from './public-cookie'
import { expectNeverSent, publicClient, type Sent } from './public.test-support'

const PASSWORD = 'stream-password-991'
const ITEM = '11111111-1111-4111-8111-111111111111'

const open: { close: () => Promise<void> }[] = []
/** Everything the public endpoints sent in this file, streams included (checked by the last test). */
const seen: Sent[] = []
/** Generous: what is checked is what arrives; how fast is checked against a baseline below. */
const WAIT = { timeoutMs: 10_000 }

const ctx = await fileTestContext()
const client = publicClient(ctx, seen)
afterEach(async () => {
  vi.useRealTimers()
  ctx.setNow(null as unknown as Date)
  await Promise.all(open.splice(0).map((s) => s.close()))
})

async function openStream() {
  const { guild } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
  const { cookie } = await client.enter(guild.slug, PASSWORD)
  const res = await client.call('GET', `${guild.slug}/events`, { cookie })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  const stream = readSse(res)
  open.push(stream)
  await stream.waitFor('ready')
  return { guild, stream, cookie: cookie! }
}

describe('the public event stream', () => {
  it("announces this guild's changes within a second, as a topic and item id only", async () => {
    const { guild, stream } = await openStream()
    const other = await buildGuild(ctx)
    await ctx.deps.realtime.publish({ guildId: other.guild.id, topic: 'queues', itemId: ITEM })
    // How fast this machine answers a trivial request right now: the limit below scales with it.
    const baseline = await medianMs(async () => ctx.app.request('/api/v1/health'))
    const started = performance.now()
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'queues', itemId: ITEM })
    const change = await stream.waitFor('change', WAIT)
    const latency = performance.now() - started
    expect(JSON.parse(change.data)).toEqual({ topic: 'queues', itemId: ITEM })
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('change', { from: 2, ...WAIT })
    expect(stream.messages.map((m) => [m.event, JSON.parse(m.data)])).toEqual([
      ['ready', { changedAt: expect.any(Number) }],
      ['change', { topic: 'queues', itemId: ITEM }],
      ['change', { topic: 'guild' }],
    ])
    expect(latency).toBeLessThan(limitMs(1000, baseline))
  })

  it('says on ready when the guild last changed, so a page drawn from data read before can catch up', async () => {
    const changedAt = new Date(Date.now() + 86_400_000)
    ctx.setNow(changedAt)
    const { guild } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const { cookie } = await client.enter(guild.slug, PASSWORD)
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'queues', itemId: ITEM })
    expect(await ctx.deps.realtime.caughtUp()).toBe(true)
    ctx.setNow(new Date(changedAt.getTime() + 60_000))
    const readyOf = async (slug: string) => {
      const stream = readSse(await client.call('GET', `${slug}/events`, { cookie }))
      open.push(stream)
      return JSON.parse((await stream.waitFor('ready')).data)
    }
    expect(await readyOf(guild.slug)).toEqual({ changedAt: changedAt.getTime() })
    // Another guild's page says no such change: its last one, or when this process began to hear them.
    const other = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const entered = await client.enter(other.guild.slug, PASSWORD)
    const stream = readSse(await client.call('GET', `${other.guild.slug}/events`, { cookie: entered.cookie }))
    open.push(stream)
    expect(JSON.parse((await stream.waitFor('ready')).data).changedAt).toBeLessThan(changedAt.getTime())
  })

  it.each([
    ['the guild password changes', { publicAccessPassword: 'changed-pass' }],
    ['the subscription ends', { subscriptionStatus: 'canceled' as const }],
  ])('ends open pages when %s', async (_, change) => {
    const { guild, stream } = await openStream()
    await ctx.database.db.update(guilds).set(change).where(eq(guilds.id, guild.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
  })

  it('ends when the access cookie expires', async () => {
    const { guild } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const issued = new Date()
    ctx.setNow(issued)
    const { cookie } = await client.enter(guild.slug, PASSWORD)
    ctx.setNow(new Date(issued.getTime() + ACCESS_TTL_MS - 300))
    const stream = readSse(await client.call('GET', `${guild.slug}/events`, { cookie }))
    open.push(stream)
    await stream.waitFor('ready')
    await stream.waitFor('revoked', WAIT)
    await stream.waitForEnd(WAIT.timeoutMs)
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
    expect(stream.ended).toBe(true)
  })

  it('sends a heartbeat comment every 25 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { stream } = await openStream()
    expect(stream.comments).toEqual([])
    vi.advanceTimersByTime(HEARTBEAT_MS)
    await stream.waitForComment('heartbeat')
    expect(stream.ended).toBe(false)
  })
})

// Last in the file (tests run in order): it reads what every test above was sent, streams included.
describe('the password sweep', () => {
  it('no answer of this file carried the password: no body, no header, no stream event', () => {
    expectNeverSent(seen, PASSWORD)
  })
})
