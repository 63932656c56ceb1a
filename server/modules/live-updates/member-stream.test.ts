import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { profiles, session } from '../../db/schema'
import { anonymous, buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { appBeside, fileTestContext } from '../../test/harness'
import { readSse, streamsClosedAfterEach } from './sse.test-support'

const ctx = await fileTestContext()
const open = streamsClosedAfterEach()

async function memberStream() {
  const { guild, admin } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const res = await member.request('GET', '/api/v1/events')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  expect(res.headers.get('cache-control')).toBe('no-cache')
  const stream = readSse(res)
  open.push(stream)
  await stream.waitFor('ready')
  return { guild, admin, member, stream }
}

describe("the signed-in member's event stream", () => {
  it('needs a signed-in member of a guild', async () => {
    await expectError(await anonymous(ctx)('GET', '/api/v1/events'), 401, 'UNAUTHENTICATED')
    const loner = await buildMember(ctx, { guildId: null })
    await expectError(await loner.request('GET', '/api/v1/events'), 403, 'NO_GUILD')
  })

  it("delivers every change of the member's guild, and none of another guild", async () => {
    const { guild, stream } = await memberStream()
    const other = await buildGuild(ctx)
    await ctx.deps.realtime.publish({ guildId: other.guild.id, topic: 'items' })
    const topics = ['queues', 'items', 'players', 'guild', 'history'] as const
    for (const topic of topics) await ctx.deps.realtime.publish({ guildId: guild.id, topic })
    await stream.waitFor('change', { from: topics.length })
    expect(stream.messages.slice(1).map((m) => JSON.parse(m.data))).toEqual(
      topics.map((topic) => ({ topic })),
    )
  })

  it('ends the stream of a member who was deactivated', async () => {
    const { guild, member, stream } = await memberStream()
    await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, member.profileId))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
  })

  it('ends the stream when the session is revoked', async () => {
    const { guild, member, stream } = await memberStream()
    await ctx.database.db.delete(session).where(eq(session.userId, member.user.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
  })

  // Before: only at the next heartbeat (25 s), or at the guild's next 'guild'/'members' event.
  it("ends at once when the member signs out, with no event of the guild; another member's stream goes on", async () => {
    const { guild, member, stream } = await memberStream()
    const other = await buildMember(ctx, { guildId: guild.id })
    const otherStream = readSse(await other.request('GET', '/api/v1/events'))
    open.push(otherStream)
    await otherStream.waitFor('ready')

    expect((await member.request('POST', '/api/v1/auth/sign-out', {})).status).toBe(200)
    await stream.waitFor('revoked', { timeoutMs: 3000 })
    await stream.waitForEnd()
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'revoked'])
    // The other member's stream still delivers.
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'items' })
    await otherStream.waitFor('change')
    expect(otherStream.messages.map((m) => m.event)).toEqual(['ready', 'change'])
  })

  it('keeps other topics flowing without re-checking the session each time', async () => {
    const { guild, stream } = await memberStream()
    for (let i = 0; i < 20; i++)
      await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'queues', itemId: `i${i}` })
    await stream.waitFor('change', { from: 20 })
    expect(stream.messages.slice(1).map((m) => JSON.parse(m.data).itemId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `i${i}`),
    )
  })

  it('stays open when its re-check cannot reach the database, and re-checks on the next event', async () => {
    const { guild, member, stream } = await memberStream()
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const getSession = vi.spyOn(ctx.deps.auth.api, 'getSession').mockRejectedValueOnce(unreachable)
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'guild' })
    await stream.waitFor('change')
    expect(stream.ended).toBe(false)
    // Once the database answers again, a revocation is seen at the next re-check.
    await ctx.database.db.delete(session).where(eq(session.userId, member.user.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'members' })
    await stream.waitFor('revoked')
    expect(getSession).toHaveBeenCalledTimes(2)
    expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'change', 'revoked'])
  })

  it('tells the browser to reconnect, then ends, when its process stops (and so does one opened after)', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const stopping = await appBeside(ctx)
    try {
      const get = () => stopping.app.request('/api/v1/events', { headers: { cookie: member.cookie } })
      const stream = readSse(await get())
      open.push(stream)
      await stream.waitFor('ready')
      stopping.deps.realtime.endStreams()
      await stream.waitFor('reconnect')
      await stream.waitForEnd()
      expect(stream.messages.map((m) => m.event)).toEqual(['ready', 'reconnect'])
      // One opened meanwhile ends at once; `retry` brings the browser back at a random moment within a
      // second, so a stopping process's browsers do not all reach the next one at once.
      const late = await (await get()).text()
      expect(late).toContain('event: reconnect')
      expect(late).not.toContain('event: ready')
      const retry = Number(/^retry: (\d+)$/m.exec(late)?.[1])
      expect(retry).toBeGreaterThanOrEqual(100)
      expect(retry).toBeLessThan(1000)
    } finally {
      await stopping.stop()
    }
  })
})
