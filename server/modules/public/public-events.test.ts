import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { guilds } from '../../db/schema'
import { buildGuild } from '../../test/factories'
import { createTestContext, type TestContext } from '../../test/harness'
import { HEARTBEAT_MS } from '../events/events.service'
import { readSse } from '../events/sse-test-reader'
import { ACCESS_TTL_MS } from './public-cookie'
import { publicClient } from './public.test-helpers'

const PASSWORD = 'stream-password-991'
const ITEM = '11111111-1111-4111-8111-111111111111'

let ctx: TestContext
let client: ReturnType<typeof publicClient>
const open: { close: () => Promise<void> }[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  client = publicClient(ctx)
})
afterEach(async () => {
  vi.useRealTimers()
  ctx.setNow(null as unknown as Date)
  await Promise.all(open.splice(0).map((s) => s.close()))
})
afterAll(() => ctx.close())

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
    const started = performance.now()
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'queues', itemId: ITEM })
    const change = await stream.waitFor('change', { timeoutMs: 1000 })
    const latency = performance.now() - started
    expect(JSON.parse(change.data)).toEqual({ topic: 'queues', itemId: ITEM })
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('change', { from: 2, timeoutMs: 1000 })
    expect(stream.messages.map((m) => [m.event, JSON.parse(m.data)])).toEqual([
      ['ready', {}],
      ['change', { topic: 'queues', itemId: ITEM }],
      ['change', { topic: 'guild' }],
    ])
    expect(latency).toBeLessThan(1000)
  })

  it('ends open pages when the guild password changes', async () => {
    const { guild, stream } = await openStream()
    await ctx.database.db
      .update(guilds)
      .set({ publicAccessPassword: 'changed-pass' })
      .where(eq(guilds.id, guild.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
  })

  it('ends open pages when the subscription ends', async () => {
    const { guild, stream } = await openStream()
    await ctx.database.db
      .update(guilds)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(guilds.id, guild.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
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
    await stream.waitFor('revoked', { timeoutMs: 3000 })
    await stream.waitForEnd()
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
