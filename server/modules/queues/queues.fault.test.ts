import { describe, expect, it } from 'vitest'
import { buildPlayer } from '../../test/factories'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { fileTestContext } from '../../test/harness'
import { auditActions, buildQueue, call, historyRows, type QueueFixture } from './queue.test-support'

// A queue write is one transaction with its history, undo snapshot and audit row inside it: the database
// failing at any point of it, even at the COMMIT after the audit insert, leaves every table as it was.

const ctx = await fileTestContext()

/** A queue that has been acted on once, so history, the undo snapshot and the audit log are not empty. */
async function actedOnQueue() {
  const q = await buildQueue(ctx)
  await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
  expect(await historyRows(ctx, q.guild.id)).toHaveLength(1)
  return q
}

/** Sends the request with the fault installed: it fails with a 500 caused by the fault, and nothing changed. */
async function expectNothingLeftBehind(q: QueueFixture, fault: Fault, send: () => Promise<Response>) {
  const before = await databaseSnapshot(ctx.database)
  const { result: res, fired } = await withFault(ctx.database, { guildId: q.guild.id, ...fault }, send)
  expect(res.status, await res.clone().text()).toBe(500)
  expect(fired, 'the injected fault fired').toBe(1)
  expect(await databaseSnapshot(ctx.database)).toEqual(before)
}

describe('a queue write that fails part-way', () => {
  const received = (q: QueueFixture) => () =>
    q.member.request('POST', `/api/v1/queue-entries/${q.entryOf('Bruno').id}/received`)

  it('mark received: failing after the history row is written leaves nothing behind', async () => {
    const q = await actedOnQueue()
    // The history insert runs first; the entry's own update comes after it.
    await expectNothingLeftBehind(q, { table: 'player_queues', on: 'UPDATE' }, received(q))
  })

  it('mark received: failing on the audit insert leaves nothing behind', async () => {
    const q = await actedOnQueue()
    await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT' }, received(q))
  })

  it('mark received: failing at the commit, after the audit insert, rolls the audit row back too', async () => {
    const q = await actedOnQueue()
    await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT', when: 'commit' }, received(q))
    // Without the fault the same request goes through: the failure above was the injected one.
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    expect(await auditActions(ctx, q.guild.id)).toEqual(['QUEUE_ADD_ALL', 'ITEM_RECEIVED', 'ITEM_RECEIVED'])
    expect(await historyRows(ctx, q.guild.id)).toHaveLength(2)
  })

  // Every other queue write, failed at its commit: its audit row is inside the same transaction.
  const writes: [string, (q: QueueFixture) => [string, string, unknown?]][] = [
    ['absent', (q) => ['POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`]],
    ['not interested', (q) => ['POST', `/queue-entries/${q.entryOf('Bruno').id}/not-interested`]],
    [
      'penalty set',
      (q) => ['POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, { days: 2, note: 'late' }],
    ],
    [
      'reorder',
      (q) => [
        'PUT',
        `/items/${q.item.id}/queue/order`,
        { entryIds: [...q.queue.entries].reverse().map((e) => e.id) },
      ],
    ],
    ['remove', (q) => ['DELETE', `/queue-entries/${q.entryOf('Bruno').id}`]],
    ['undo', (q) => ['POST', `/items/${q.item.id}/queue/undo`]],
  ]
  it.each(writes)('%s: failing at the commit leaves nothing behind', async (_name, request) => {
    const q = await actedOnQueue()
    const [method, path, body] = request(q)
    await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT', when: 'commit' }, () =>
      q.member.request(method, `/api/v1${path}`, body),
    )
  })

  it('penalty removed: failing at the commit leaves nothing behind', async () => {
    const q = await actedOnQueue()
    const bruno = q.entryOf('Bruno').id
    await call(q.member, 'POST', `/queue-entries/${bruno}/penalty`, { days: 2, note: 'late' })
    await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT', when: 'commit' }, () =>
      q.member.request('DELETE', `/api/v1/queue-entries/${bruno}/penalty`),
    )
  })

  // Adding writes new entries: failing after them (at the audit insert, or at the commit) rolls them back.
  it.each(['statement', 'commit'] as const)(
    'add a player: failing at the audit %s leaves nothing behind',
    async (when) => {
      const q = await actedOnQueue()
      const newcomer = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
      await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT', when }, () =>
        q.member.request('POST', `/api/v1/items/${q.item.id}/queue`, { playerId: newcomer.id }),
      )
    },
  )

  it.each(['statement', 'commit'] as const)(
    'add all: failing at the audit %s leaves nothing behind',
    async (when) => {
      const q = await actedOnQueue()
      for (const name of ['Eva', 'Fábio']) await buildPlayer(ctx, q.guild.id, { name })
      await expectNothingLeftBehind(q, { table: 'audit_logs', on: 'INSERT', when }, () =>
        q.member.request('POST', `/api/v1/items/${q.item.id}/queue/add-all`),
      )
    },
  )

  it('undo of a receipt: failing on the history delete leaves nothing behind', async () => {
    const q = await actedOnQueue()
    await expectNothingLeftBehind(q, { table: 'loot_history', on: 'DELETE' }, () =>
      q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`),
    )
  })
})
