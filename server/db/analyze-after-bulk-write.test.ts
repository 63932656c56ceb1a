import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../lib/logger'
import { buildQueue, call } from '../modules/queues/queue.test-support'
import { buildItem } from '../test/factories'
import { fileTestContext } from '../test/harness'
import { analyzeAfterBulkWrite } from './analyze-after-bulk-write'

// A bulk write that is large against its table analyses it at once (analyze-after-bulk-write.ts), on both
// engines; a small one, or one small against the table, does not.
const ctx = await fileTestContext()

async function queueStatistics() {
  const result = (await ctx.database.db.execute(sql`
    select reltuples::int as rows from pg_class
     where relname = 'player_queues' and relnamespace = 'public'::regnamespace`)) as unknown as {
    rows: { rows: number }[]
  }
  return result.rows[0]!.rows
}

const names = (count: number) => Array.from({ length: count }, (_, i) => `P${String(i).padStart(3, '0')}`)

describe('statistics after a bulk write', () => {
  it('analyses the queues after an add-all large against them, and not after a small one', async () => {
    // PostgreSQL's own autovacuum would count the table too, whenever it comes by: not in this file's database.
    await ctx.database.db.execute(sql`alter table player_queues set (autovacuum_enabled = false)`)
    // A database of one small guild: the queues were never counted, or counted small.
    expect(await queueStatistics()).toBeLessThan(80)
    const q = await buildQueue(ctx, names(80))
    expect(q.queue.entries).toHaveLength(80)
    // The add-all of 80 counted them: the planner now knows the queues as they are.
    expect(await queueStatistics()).toBe(80)

    // 60 more entries into a table of 80: past 50 + 8, analysed again.
    const second = await buildItem(ctx, q.guild.id, { name: 'Escudo' })
    const some = q.players.slice(0, 60)
    for (const player of some)
      await call(q.member, 'POST', `/items/${second.id}/queue`, { playerId: player.id }, 201)
    expect(await queueStatistics()).toBe(80)
    expect(await analyzeAfterBulkWrite(ctx.database, silentLogger, { player_queues: some.length })).toEqual([
      'player_queues',
    ])
    expect(await queueStatistics()).toBe(140)

    // 55 against 140: under 50 + 14, nothing to do (one guild's add-all in a large database).
    expect(await analyzeAfterBulkWrite(ctx.database, silentLogger, { player_queues: 55 })).toEqual([])
    // Fifty rows or fewer never analyse, whatever the table.
    expect(await analyzeAfterBulkWrite(ctx.database, silentLogger, { players: 50 })).toEqual([])
  })
})
