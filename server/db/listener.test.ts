import { describe, expect, it } from 'vitest'
import { ENGINE, fileTestContext, type TestContext } from '../test/harness'
import { GUILD_EVENT_TOPICS, type GuildEvent } from '../platform/realtime'
import { buildGuild } from '../test/factories'

// PGlite runs none of these tests, so it opens no database for them.
const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)

const waitFor = async (check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

// PGlite notifies in-process; only a PostgreSQL server can drop the listening connection.
describe.skipIf(ENGINE !== 'postgres')('LISTEN connection on PostgreSQL', () => {
  it('comes back after the server drops it, tells streams to resynchronise, and delivers again', async () => {
    const { guild } = await buildGuild(ctx)
    const events: GuildEvent[] = []
    ctx.deps.realtime.subscribe(guild.id, (e) => events.push(e))
    await ctx.deps.realtime.start()
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'items' })
    await waitFor(() => events.length === 1)

    await ctx.database.db.execute(
      "select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and datname = current_database()",
    )
    // After the reconnect every topic is announced once, so open pages refetch what they may have missed.
    const announced = 1 + GUILD_EVENT_TOPICS.length
    await waitFor(() => events.length >= announced)
    expect(
      events
        .slice(1)
        .map((e) => e.topic)
        .sort(),
    ).toEqual([...GUILD_EVENT_TOPICS].sort())

    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'players', itemId: undefined })
    await waitFor(() => events.at(-1)?.topic === 'players' && events.length > announced)
  })

  it('is caught up only once every notification committed before the call has arrived', async () => {
    // The barrier behind every cached answer (client.ts, createListener): a write committed on another
    // connection must be heard before caughtUp resolves, or a cache could answer from before that write.
    const { guild } = await buildGuild(ctx)
    let heard = 0
    ctx.deps.realtime.subscribe(guild.id, () => heard++)
    await ctx.deps.realtime.start()
    const lateAt: number[] = []
    for (let write = 1; write <= 200; write++) {
      await ctx.database.db.execute(
        `select pg_notify('lq_guild_events', '{"guildId":"${guild.id}","topic":"items"}')`,
      )
      expect(await ctx.deps.realtime.caughtUp()).toBe(true)
      if (heard !== write) lateAt.push(write)
    }
    expect(lateAt).toEqual([])
  })
})
