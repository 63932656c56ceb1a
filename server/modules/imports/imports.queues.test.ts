import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { items, playerQueues } from '../../db/schema'
import { type Actor, buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { KEY_SPACING } from '../queues/queue-keys'
import { importedCounts } from './imports.test-support'

// Queue entries an import appends are stored as every queue write stores them
// (docs/decisions/001-queue-ordering.md): ordering keys after the last one, a new version of the queue,
// and no claim that the order is sorted, so the next rule action sorts the whole queue.

const ctx = await fileTestContext()

const queueOf = async (admin: Actor, itemId: string) =>
  (await (await admin.request('GET', `/api/v1/items/${itemId}/queue`)).json()) as QueueView

/** Guild A's export with Espada's queue as Bruno (received), then Caio (pending): dragged out of rule order. */
async function exportWithUnsortedQueue() {
  const a = await buildGuild(ctx)
  const sword = await buildItem(ctx, a.guild.id, { name: 'Espada' })
  for (const name of ['Bruno', 'Caio']) {
    const player = await buildPlayer(ctx, a.guild.id, { name })
    await a.admin.request('POST', `/api/v1/items/${sword.id}/queue`, { playerId: player.id })
  }
  const [bruno, caio] = (await queueOf(a.admin, sword.id)).entries
  expect((await a.admin.request('POST', `/api/v1/queue-entries/${bruno!.id}/received`)).status).toBe(200)
  const order = { entryIds: [bruno!.id, caio!.id] }
  expect((await a.admin.request('PUT', `/api/v1/items/${sword.id}/queue/order`, order)).status).toBe(200)
  const res = await a.admin.request('GET', '/api/v1/guild/export')
  expect(res.status).toBe(200)
  return { name: 'guild-a.json', content: JSON.stringify(await res.json()) }
}

describe('queue entries written by an import', () => {
  it('go after the existing keys, spaced; the version moves; the next receipt sorts the whole queue', async () => {
    const file = await exportWithUnsortedQueue()
    const { guild, admin } = await buildGuild(ctx)
    const sword = await buildItem(ctx, guild.id, { name: 'Espada' })
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    // Added to an empty queue: the order is known sorted from now (one entry moves on the next action).
    await admin.request('POST', `/api/v1/items/${sword.id}/queue`, { playerId: ana.id })
    const before = await queueOf(admin, sword.id)

    const counts = await importedCounts(admin, [file])
    expect(counts.queueEntries).toEqual({ create: 2, existing: 0 })

    const keys = await ctx.database.db
      .select({ key: playerQueues.queuePosition })
      .from(playerQueues)
      .where(and(eq(playerQueues.guildId, guild.id), eq(playerQueues.itemId, sword.id)))
      .orderBy(asc(playerQueues.queuePosition))
    expect(keys.map((k) => k.key)).toEqual([1, 2, 3].map((i) => i * KEY_SPACING))
    const [state] = await ctx.database.db
      .select({ from: items.queueSortedFrom, until: items.queueSortedUntil })
      .from(items)
      .where(eq(items.id, sword.id))
    expect(state).toEqual({ from: null, until: null })

    const imported = await queueOf(admin, sword.id)
    expect(imported.version).toBeGreaterThan(before.version)
    expect(imported.entries.map((e) => [e.position, e.playerName, e.attendanceStatus])).toEqual([
      [1, 'Ana', 'pending'],
      [2, 'Bruno', 'received'],
      [3, 'Caio', 'pending'],
    ])

    // The rule over the whole queue: pending Caio first, then the received in order, Ana last among them.
    // Moving Ana alone, as on a queue known sorted, would leave Bruno ahead of Caio.
    const received = await admin.request('POST', `/api/v1/queue-entries/${imported.entries[0]!.id}/received`)
    expect(received.status).toBe(200)
    expect((await queueOf(admin, sword.id)).entries.map((e) => [e.position, e.playerName])).toEqual([
      [1, 'Caio'],
      [2, 'Bruno'],
      [3, 'Ana'],
    ])
  })
})
