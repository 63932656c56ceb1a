import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { openPostgres } from '../../db/client'
import { integrationOutbox } from '../../db/schema'
import { silentLogger } from '../../lib/logger'
import { createAnnouncer } from '../../platform/integrations/outbox-sender'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { createTestContext, ENGINE, localOnlyTransport, type TestContext } from '../../test/harness'
import { type HttpReceiver, startReceiver } from '../../test/http-receiver'
import { twoServerProcesses } from '../../test/server-process'
import { embedOf, outboxOf, setDiscord } from './integrations.test-support'

// PostgreSQL only: several senders on one database deliver each announcement exactly once.
// 1. Two senders in this process, each with its own connection pool, racing to claim the same messages.
// 2. Two real server processes (server/main.ts, their senders running as in production) taking awards.

const AUTH_SECRET = 'announce-process-secret-announce-proc-00'

/** What the receiver got, by each embed's title (one award each in these tests). */
const titlesOf = (receiver: HttpReceiver) => receiver.requests.map((r) => embedOf(r.body).title)

async function receivedAll(
  actor: { request: Actor['request'] } | { base: string; cookie: string },
  entryIds: string[],
) {
  for (const id of entryIds) {
    const res =
      'request' in actor
        ? await actor.request('POST', `/api/v1/queue-entries/${id}/received`)
        : await fetch(`${actor.base}/api/v1/queue-entries/${id}/received`, {
            method: 'POST',
            headers: { cookie: actor.cookie },
          })
    expect(res.status).toBe(200)
  }
}

describe.skipIf(ENGINE !== 'postgres')('exactly one delivery per announcement (PostgreSQL)', () => {
  let receiver: HttpReceiver
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(() => receiver.close())

  it('two senders with their own connections racing on the same outbox: every message once', async () => {
    const ctx: TestContext = await createTestContext({ discordBaseUrl: receiver.url })
    // A second pool on the same test database: another process's connections.
    const { rows } = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[]
    }
    const url = new URL(inject('postgresBaseUrl'))
    url.pathname = `/${rows[0]!.name}`
    const second = await openPostgres(url.toString(), { migrate: false, max: 5 })
    try {
      // Eight guilds (each integration sends in order, one at a time), five awards each.
      const expected: string[] = []
      for (let g = 0; g < 8; g++) {
        const { guild, admin } = await buildGuild(ctx)
        await setDiscord(admin, { events: ['awards'] })
        const item = await buildItem(ctx, guild.id, { name: `Relic ${g}` })
        for (let p = 0; p < 5; p++) await buildPlayer(ctx, guild.id, { name: `P${g}-${p}` })
        expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
        // Add-all answers what it changed; the queue itself is read.
        const queue = (await (
          await admin.request('GET', `/api/v1/items/${item.id}/queue`)
        ).json()) as QueueView
        await receivedAll(
          admin,
          queue.entries.map((e) => e.id),
        )
        expected.push(...queue.entries.map((e) => `${e.playerName} received Relic ${g}`))
      }
      const from = receiver.requests.length
      const senders = [ctx.database, second].map((database) =>
        createAnnouncer({
          database,
          authSecret: ctx.deps.env.AUTH_SECRET,
          transport: { fetch: globalThis.fetch, timeoutMs: 5_000, ...localOnlyTransport(receiver.url) },
          logger: silentLogger,
          realtime: ctx.deps.realtime,
          mailer: ctx.deps.mailer,
          appUrl: ctx.deps.env.APP_URL,
          now: () => new Date(),
        }),
      )
      // Three concurrent drains per sender: six claimers on one table.
      await Promise.all(senders.flatMap((sender) => [sender.drain(), sender.drain(), sender.drain()]))
      const got = titlesOf(receiver).slice(from)
      expect(got).toHaveLength(expected.length)
      expect(new Set(got)).toEqual(new Set(expected))
      const outbox = await ctx.database.db.select().from(integrationOutbox)
      expect(outbox).toHaveLength(expected.length)
      expect(outbox.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([])
    } finally {
      await second.close()
      await ctx.close()
    }
    // Forty awards through the app first: slow on a loaded machine.
  }, 120_000)

  describe('two server processes', () => {
    // The receiver below is on this machine; two servers starting at once on a loaded machine take time.
    const procs = twoServerProcesses('lq_announce', AUTH_SECRET, {
      env: { INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' },
      startTimeoutMs: 150_000,
      hookTimeoutMs: 180_000,
    })

    it('awards taken through both processes reach Discord once each', async () => {
      const { one, two, database, factoryCtx } = procs
      const { guild } = await buildGuild(factoryCtx)
      const admin = await buildMember(factoryCtx, { guildId: guild.id, role: 'guild_admin' })
      const put = await fetch(`${one.url}/api/v1/integrations/discord`, {
        method: 'PUT',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `${receiver.url}/api/webhooks/5566778899/two-process-token-two-process-token`,
          events: ['awards'],
          language: 'en',
        }),
      })
      expect(put.status, await put.clone().text()).toBe(200)
      const items = []
      for (let i = 0; i < 4; i++) items.push(await buildItem(factoryCtx, guild.id, { name: `Sword ${i}` }))
      for (let p = 0; p < 5; p++) await buildPlayer(factoryCtx, guild.id, { name: `Knight ${p}` })
      const from = receiver.requests.length
      // Each item's awards through one process, the items split over both, all at the same time.
      const expected: string[] = []
      await Promise.all(
        items.map(async (item, i) => {
          const base = i % 2 === 0 ? one.url : two.url
          const added = await fetch(`${base}/api/v1/items/${item.id}/queue/add-all`, {
            method: 'POST',
            headers: { cookie: admin.cookie },
          })
          expect(added.status).toBe(200)
          // Add-all answers what it changed; the queue itself is read.
          const read = await fetch(`${base}/api/v1/items/${item.id}/queue`, {
            headers: { cookie: admin.cookie },
          })
          const queue = (await read.json()) as QueueView
          expected.push(...queue.entries.map((e) => `${e.playerName} received ${item.name}`))
          await receivedAll(
            { base, cookie: admin.cookie },
            queue.entries.map((e) => e.id),
          )
        }),
      )
      await receiver.waitFor(from + expected.length, 30_000)
      // Longer than a polling round of both senders: a second delivery would have arrived by now.
      await new Promise((r) => setTimeout(r, 5_000))
      const got = titlesOf(receiver).slice(from)
      expect(got).toHaveLength(expected.length)
      expect(new Set(got)).toEqual(new Set(expected))
      const rows = await outboxOf({ database } as TestContext, guild.id)
      expect(rows.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([])
    }, 120_000)
  })
})
