import { asc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { QueueChange } from '../../../contract/queues'
import { items, playerQueues } from '../../db/schema'
import { buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { KEY_LIMIT, KEY_SPACING } from './queue-keys'
import { buildQueue, expectSortedSpanHolds, type QueueFixture, queueNames } from './queue.test-support'

// A rule action moves the acted-on entry alone while the stored order is known to be sorted by group, and
// re-sorts the whole queue otherwise (docs/decisions/001-queue-ordering.md). Which path ran shows in the
// answer: only the entry moved, or the whole queue. Both must give exactly the rule's order, and undo must
// put back exactly what was stored, whichever path the undone action took.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

const T0 = new Date('2025-06-01T20:00:00Z')
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)

/** Sends a queue write and answers its raw answer: a change. */
async function send(q: QueueFixture, method: string, path: string, body?: unknown): Promise<QueueChange> {
  const res = await q.member.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, text).toBeLessThan(300)
  return JSON.parse(text) as QueueChange
}

const received = (q: QueueFixture, name: string) =>
  send(q, 'POST', `/queue-entries/${q.entryOf(name).id}/received`)
const moved = (change: QueueChange) => (change.queue ? 'whole queue' : change.placed.map((p) => p.entry.id))

/** Every stored field but updated_at, raw ordering keys included, and the item's queue state. */
async function stored(q: QueueFixture) {
  const rows = await ctx.database.db
    .select()
    .from(playerQueues)
    .where(eq(playerQueues.itemId, q.item.id))
    .orderBy(asc(playerQueues.queuePosition))
  const [state] = await ctx.database.db
    .select({ from: items.queueSortedFrom, until: items.queueSortedUntil })
    .from(items)
    .where(eq(items.id, q.item.id))
  return { rows: rows.map(({ updatedAt: _, ...row }) => row), state }
}

const keyOf = (state: Awaited<ReturnType<typeof stored>>, id: string) =>
  state.rows.find((r) => r.id === id)!.queuePosition

async function setKey(id: string, key: number) {
  await ctx.database.db.update(playerQueues).set({ queuePosition: key }).where(eq(playerQueues.id, id))
}

describe('a rule action on a queue sorted by group', () => {
  it('moves the entry alone: one key changes, the answer carries that entry, the order is the rule’s', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda', 'Eva'])
    await send(q, 'POST', `/queue-entries/${q.entryOf('Eva').id}/not-interested`)
    await send(q, 'POST', `/queue-entries/${q.entryOf('Duda').id}/penalty`, { days: 2, note: 'late' })
    const before = await stored(q)

    const change = await received(q, 'Ana')
    expect(moved(change)).toEqual([q.entryOf('Ana').id])
    expect(await queueNames(q)).toEqual(['Bruno', 'Caio', 'Ana', 'Duda', 'Eva'])
    const after = await stored(q)
    for (const name of ['Bruno', 'Caio', 'Duda', 'Eva'])
      expect(keyOf(after, q.entryOf(name).id), name).toBe(keyOf(before, q.entryOf(name).id))
    expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)

    // Absent, penalty removed, back from not interested: each alone, each to the end of its group.
    expect(moved(await send(q, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`))).toHaveLength(1)
    expect(await queueNames(q)).toEqual(['Caio', 'Ana', 'Bruno', 'Duda', 'Eva'])
    expect(moved(await send(q, 'DELETE', `/queue-entries/${q.entryOf('Duda').id}/penalty`))).toHaveLength(1)
    expect(await queueNames(q)).toEqual(['Caio', 'Duda', 'Ana', 'Bruno', 'Eva'])
    expect(moved(await send(q, 'POST', `/queue-entries/${q.entryOf('Eva').id}/not-interested`))).toHaveLength(
      1,
    )
    expect(await queueNames(q)).toEqual(['Caio', 'Duda', 'Eva', 'Ana', 'Bruno'])
    expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)
  })

  it('when no key is free between the two neighbours, re-sorts and spaces every key again', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    await send(q, 'POST', `/queue-entries/${q.entryOf('Caio').id}/not-interested`)
    // Bruno and Caio side by side: a receipt must land between them.
    for (const [name, key] of [
      ['Ana', 10],
      ['Bruno', 11],
      ['Caio', 12],
    ] as const)
      await setKey(q.entryOf(name).id, key)

    expect(moved(await received(q, 'Ana'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Bruno', 'Ana', 'Caio'])
    expect((await stored(q)).rows.map((r) => r.queuePosition)).toEqual([1, 2, 3].map((i) => i * KEY_SPACING))
  })

  it('adds at the end of the key range by spacing the queue again first; undo puts the old keys back', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    await setKey(q.entryOf('Bruno').id, KEY_LIMIT - 5)
    const before = await stored(q)
    const eva = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
    await send(q, 'POST', `/items/${q.item.id}/queue`, { playerId: eva.id })
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Eva'])
    expect((await stored(q)).rows.map((r) => r.queuePosition)).toEqual([1, 2, 3].map((i) => i * KEY_SPACING))
    await send(q, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await stored(q)).toEqual(before)
  })
})

describe('a rule action on a queue that may not be sorted by group re-sorts it whole, as the rule says', () => {
  it('after a penalty lapsed: the player rejoins their group in their earlier place among its members', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda', 'Eva'])
    await send(q, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, { days: 1, note: 'late' })
    expect(moved(await received(q, 'Ana'))).toHaveLength(1)
    expect(await queueNames(q)).toEqual(['Caio', 'Duda', 'Eva', 'Ana', 'Bruno'])

    ctx.setNow(minutes(24 * 60 + 1))
    expect(moved(await received(q, 'Caio'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Duda', 'Eva', 'Bruno', 'Ana', 'Caio'])
    // Sorted again: the next action moves one entry.
    expect(moved(await received(q, 'Duda'))).toHaveLength(1)
    expect(await queueNames(q)).toEqual(['Eva', 'Bruno', 'Ana', 'Caio', 'Duda'])
    expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)
  })

  it('after a drag put a received player first: the next action regroups everyone', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda'])
    await received(q, 'Ana')
    const order = ['Ana', 'Bruno', 'Caio', 'Duda'].map((n) => q.entryOf(n).id)
    expect(moved(await send(q, 'PUT', `/items/${q.item.id}/queue/order`, { entryIds: order }))).toBe(
      'whole queue',
    )
    expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(false)

    expect(moved(await received(q, 'Bruno'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Caio', 'Duda', 'Ana', 'Bruno'])
  })

  it('a drag that keeps the groups in order leaves the queue sorted: the next action moves one entry', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    const order = ['Caio', 'Ana', 'Bruno'].map((n) => q.entryOf(n).id)
    await send(q, 'PUT', `/items/${q.item.id}/queue/order`, { entryIds: order })
    expect(moved(await received(q, 'Caio'))).toHaveLength(1)
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Caio'])
  })

  it('after a player was added behind the received ones', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    await received(q, 'Ana')
    const eva = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
    await send(q, 'POST', `/items/${q.item.id}/queue`, { playerId: eva.id })
    expect(await queueNames(q)).toEqual(['Bruno', 'Caio', 'Ana', 'Eva'])

    expect(moved(await received(q, 'Bruno'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Caio', 'Eva', 'Ana', 'Bruno'])
  })

  it('when the clock reads earlier than the order was known sorted (another server’s clock)', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    expect(moved(await received(q, 'Ana'))).toHaveLength(1)
    ctx.setNow(minutes(-1))
    expect(moved(await received(q, 'Bruno'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Caio', 'Ana', 'Bruno'])
  })
})

describe('undo puts back exactly what was stored', () => {
  it('after an action that moved one entry: the next receipt moves one entry again', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda'])
    await send(q, 'POST', `/queue-entries/${q.entryOf('Duda').id}/not-interested`)
    const before = await stored(q)
    expect(moved(await received(q, 'Ana'))).toHaveLength(1)
    await send(q, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await stored(q)).toEqual(before)
    expect(moved(await received(q, 'Ana'))).toHaveLength(1)
  })

  it('after a re-sort: keys, fields and the unknown order come back; the next action re-sorts again', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda'])
    await send(q, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, { days: 1, note: 'late' })
    ctx.setNow(minutes(24 * 60 + 1))
    const before = await stored(q)
    expect(moved(await received(q, 'Ana'))).toBe('whole queue')
    await send(q, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await stored(q)).toEqual(before)
    expect(moved(await received(q, 'Caio'))).toBe('whole queue')
    expect(await queueNames(q)).toEqual(['Ana', 'Duda', 'Bruno', 'Caio'])
  })

  it('after a removal: the entry comes back with its key, between the same neighbours', async () => {
    ctx.setNow(T0)
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    await received(q, 'Ana')
    const before = await stored(q)
    const change = await send(q, 'DELETE', `/queue-entries/${q.entryOf('Caio').id}`)
    expect(change).toMatchObject({ queue: null, placed: [], removed: [q.entryOf('Caio').id] })
    await send(q, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await stored(q)).toEqual(before)
  })
})
