import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { QueueChange } from '../../../contract/queues'
import type { DbOrTx } from '../../db/client'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { buildQueue, historyRows, storedEntries } from './queue.test-support'
import { untilSessionsWait } from '../../test/lock-waits'

// Entry actions on one item wait their turn on the item's advisory lock, in the order they arrived
// (server/db/functions/lq_queue_entry_action_in_turn.sql, docs/decisions/001-queue-ordering.md "Waiting in turn"). PostgreSQL only: PGlite has
// one connection, so nothing there ever waits.

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)

/** The lock an entry action takes on its item before the row locks (the key lq_queue_entry_action_in_turn computes). */
const takeItemTurn = (tx: DbOrTx, itemId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${itemId}::text, 0))`)

describe.skipIf(ENGINE !== 'postgres')('entry actions wait their turn on the item (PostgreSQL only)', () => {
  it('a receipt waits while the item is taken, then runs; two waiting run in the order they came', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    const [first, second] = q.queue.entries
    const settled: string[] = []
    const receive = (id: string) =>
      q.member.request('POST', `/api/v1/queue-entries/${id}/received`).then(async (res) => {
        settled.push(id)
        return { status: res.status, change: (await res.json()) as QueueChange }
      })

    const answers: Promise<{ status: number; change: QueueChange }>[] = []
    await ctx.database.db.transaction(async (tx) => {
      await takeItemTurn(tx, q.item.id)
      answers.push(receive(first!.id))
      await untilSessionsWait(ctx.database.db, 1, 'advisory')
      answers.push(receive(second!.id))
      await untilSessionsWait(ctx.database.db, 2, 'advisory')
      expect(settled).toEqual([])
    })
    const [a, b] = await Promise.all(answers)
    expect([a!.status, b!.status]).toEqual([200, 200])
    expect(settled).toEqual([first!.id, second!.id])
    expect(b!.change.version).toBe(a!.change.version + 1)
  })

  it('two officers who saw the same queue award its first player at once: one receipt, the other refused', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    const ana = q.entryOf('Ana')
    const other = await buildMember(ctx, { guildId: q.guild.id })
    const answers: Promise<Response>[] = []
    await ctx.database.db.transaction(async (tx) => {
      await takeItemTurn(tx, q.item.id)
      for (const [i, member] of [q.member, other].entries()) {
        answers.push(
          member.request('POST', `/api/v1/queue-entries/${ana.id}/received`, {
            queueVersion: q.queue.version,
          }),
        )
        await untilSessionsWait(ctx.database.db, i + 1, 'advisory')
      }
    })
    const [first, second] = await Promise.all(answers)
    expect(first!.status).toBe(200)
    await expectError(second!, 409, 'QUEUE_CHANGED')
    expect((await historyRows(ctx, q.guild.id)).map((h) => h.playerName)).toEqual(['Ana'])
    expect((await storedEntries(ctx, q.item.id)).find((e) => e.id === ana.id)!.timesReceived).toBe(1)
  })

  it('an entry of another guild takes no lock and is not found', async () => {
    const q = await buildQueue(ctx, ['Ana'])
    const other = await buildQueue(ctx, ['Bruno'])
    await ctx.database.db.transaction(async (tx) => {
      await takeItemTurn(tx, other.item.id)
      const res = await q.member.request(
        'POST',
        `/api/v1/queue-entries/${other.queue.entries[0]!.id}/received`,
      )
      expect(res.status).toBe(404)
    })
  })
})
