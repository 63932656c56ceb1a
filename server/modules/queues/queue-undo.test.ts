import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLogs, players } from '../../db/schema'
import { buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import { tick } from '../raid-nights/raid-nights.test-support'
import {
  auditActions,
  buildQueue,
  call,
  expectRefusedUnchanged,
  historyRows,
  queueNames,
  type QueueFixture,
  storedEntries,
} from './queue.test-support'

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

const MINUTE = 60_000

/** The queue as stored (every field that undo restores), for before/after comparisons. */
async function storedState(q: QueueFixture) {
  return (await storedEntries(ctx, q.item.id)).map(({ updatedAt: _, ...rest }) => rest)
}

async function undo(q: QueueFixture) {
  return call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
}

describe('undo', () => {
  // Each action from the same starting queue (Ana received, Bruno penalised: a non-trivial state).
  const actions: [string, (q: QueueFixture) => Promise<unknown>][] = [
    ['received', (q) => call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/received`)],
    ['absent', (q) => call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/absent`)],
    [
      'not interested',
      (q) => call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/not-interested`),
    ],
    [
      'penalty',
      (q) => call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, { days: 2, note: 'n' }),
    ],
    ['penalty removed', (q) => call(q.member, 'DELETE', `/queue-entries/${q.entryOf('Bruno').id}/penalty`)],
    ['remove', (q) => call(q.member, 'DELETE', `/queue-entries/${q.entryOf('Caio').id}`)],
    [
      'reorder',
      (q) =>
        call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, {
          entryIds: ['Duda', 'Caio', 'Bruno', 'Ana'].map((n) => q.entryOf(n).id),
        }),
    ],
    [
      'add',
      async (q) =>
        call(
          q.member,
          'POST',
          `/items/${q.item.id}/queue`,
          { playerId: (await buildPlayer(ctx, q.guild.id)).id },
          201,
        ),
    ],
    [
      'add all',
      async (q) => {
        await buildPlayer(ctx, q.guild.id)
        return call(q.member, 'POST', `/items/${q.item.id}/queue/add-all`)
      },
    ],
  ]

  // The activity row each action writes, which its undo marks undone.
  const actionTypeOf: Record<string, string> = {
    received: 'ITEM_RECEIVED',
    absent: 'PLAYER_ABSENT',
    'not interested': 'PLAYER_NOT_INTERESTED',
    penalty: 'PLAYER_PENALIZED',
    'penalty removed': 'PLAYER_PENALTY_REMOVED',
    remove: 'QUEUE_REMOVE',
    reorder: 'QUEUE_REORDER',
    add: 'QUEUE_ADD',
    'add all': 'QUEUE_ADD_ALL',
  }
  const undoneRows = async (guildId: string) =>
    (
      await ctx.database.db
        .select({ actionType: auditLogs.actionType, undoneAt: auditLogs.undoneAt })
        .from(auditLogs)
        .where(eq(auditLogs.guildId, guildId))
    )
      .filter((row) => row.undoneAt !== null)
      .map((row) => row.actionType)

  it.each(actions)('after %s restores the queue exactly and audits QUEUE_UNDO', async (name, act) => {
    const q = await buildQueue(ctx)
    // A second between actions: the undo finds the action's row by its time.
    ctx.setNow(new Date())
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    tick(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, { days: 5, note: 'afk' })
    tick(ctx)
    const before = await storedState(q)
    const historyBefore = (await historyRows(ctx, q.guild.id)).map((h) => h.id).sort()
    await act(q)
    expect(await storedState(q)).not.toEqual(before)
    tick(ctx)

    const view = await undo(q)
    // The log marks the undone action's row, and no other (docs/product-rules.md, "Undo").
    expect(await undoneRows(q.guild.id)).toEqual([actionTypeOf[name]])
    expect(await storedState(q)).toEqual(before)
    expect((await historyRows(ctx, q.guild.id)).map((h) => h.id).sort()).toEqual(historyBefore)
    expect(view.undo).toBeNull()
    expect(await call(q.member, 'GET', `/items/${q.item.id}/queue`)).toEqual(view)
    const [audit] = await auditRows(ctx, q.guild.id, 'QUEUE_UNDO')
    expect(audit).toMatchObject({ userId: q.member.user.id, tableName: 'items', recordId: q.item.id })
  })

  it('offers the last action with its expiry, 10 minutes after it', async () => {
    const q = await buildQueue(ctx)
    const at = new Date('2025-05-05T20:00:00Z')
    ctx.setNow(at)
    const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    expect(view.undo).toEqual({
      actionType: 'ITEM_RECEIVED',
      expiresAt: new Date(at.getTime() + 10 * MINUTE).toISOString(),
      playerName: 'Ana',
      count: null,
      actorUserId: q.member.user.id,
      actorName: q.member.user.name,
    })
  })

  it('undo of received deletes the history row it wrote', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    expect(await historyRows(ctx, q.guild.id)).toHaveLength(1)
    await undo(q)
    expect(await historyRows(ctx, q.guild.id)).toHaveLength(0)
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Caio', 'Duda'])
  })

  it('re-creates a removed entry with its id, counters and penalty', async () => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    await call(q.member, 'POST', `/queue-entries/${ana.id}/received`)
    await call(q.member, 'POST', `/queue-entries/${ana.id}/penalty`, { days: 1, note: 'x' })
    const before = await storedState(q)
    await call(q.member, 'DELETE', `/queue-entries/${ana.id}`)
    const view = await undo(q)
    expect(view.entries.find((e) => e.id === ana.id)).toMatchObject({ timesReceived: 1, penaltyNote: 'x' })
    expect(await storedState(q)).toEqual(before)
  })

  it('only the last action can be undone, once; an undo cannot be undone', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    const afterFirst = await storedState(q)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    await undo(q)
    expect(await storedState(q)).toEqual(afterFirst)
    await expectRefusedUnchanged(ctx, q, 409, 'NOTHING_TO_UNDO', () =>
      q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`),
    )
  })

  // docs/decisions/001-queue-ordering.md, "The queue the member saw": Ana's screen offers to undo Bruno's
  // receipt; Caio is marked absent by another officer meanwhile. Her undo names the version she saw, so it is
  // refused instead of taking back the absence her button never named.
  it('an undo of the queue the member saw is refused once another action came since: 409 UNDO_SUPERSEDED', async () => {
    const q = await buildQueue(ctx)
    const received = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/absent`)
    await expectRefusedUnchanged(ctx, q, 409, 'UNDO_SUPERSEDED', () =>
      q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`, { queueVersion: received.version }),
    )
    const current = await call(q.member, 'GET', `/items/${q.item.id}/queue`)
    expect(current.undo?.actionType).toBe('PLAYER_ABSENT')
    // With the version now on screen, the absence is the one undone; the receipt stays.
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`, { queueVersion: current.version })
    const stored = await storedEntries(ctx, q.item.id)
    const state = (name: string) => stored.find((e) => e.id === q.entryOf(name).id)!.attendanceStatus
    expect([state('Bruno'), state('Caio')]).toEqual(['received', 'pending'])
  })

  it('expires 10 minutes after the action', async () => {
    const q = await buildQueue(ctx)
    const at = new Date('2025-05-05T20:00:00Z')
    ctx.setNow(at)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    ctx.setNow(new Date(at.getTime() + 10 * MINUTE))
    expect((await call(q.member, 'GET', `/items/${q.item.id}/queue`)).undo).toBeNull()
    await expectRefusedUnchanged(ctx, q, 409, 'UNDO_EXPIRED', () =>
      q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`),
    )
    // One millisecond earlier it still works.
    ctx.setNow(new Date(at.getTime() + 10 * MINUTE - 1))
    await undo(q)
  })

  it('nothing to undo on an untouched item, or after a no-op', async () => {
    const q = await buildQueue(ctx)
    await undo(q) // the add-all of the fixture
    await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, { entryIds: [] })
    const res = await q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`)
    expect((await res.json()).error.code).toBe('NOTHING_TO_UNDO')
    expect(await auditActions(ctx, q.guild.id)).toEqual(['QUEUE_ADD_ALL', 'QUEUE_UNDO'])
  })

  it('restores hidden entries too, and a player deleted since then ends the undo', async () => {
    const q = await buildQueue(ctx)
    await ctx.database.db
      .update(players)
      .set({ playerStatus: 'inactive' })
      .where(eq(players.id, q.entryOf('Bruno').playerId))
    const before = await storedState(q)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await undo(q)
    expect(await storedState(q)).toEqual(before)

    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.member, 'DELETE', `/players/${q.entryOf('Caio').playerId}`, undefined, 204)
    expect((await call(q.member, 'GET', `/items/${q.item.id}/queue`)).undo).toBeNull()
  })
})
