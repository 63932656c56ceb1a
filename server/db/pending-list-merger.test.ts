import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { buildGuild } from '../test/factories'
import { fileTestContext } from '../test/harness'
import { mergePendingLists, startPendingListMerger } from './pending-list-merger'

// The history search's trigram indexes keep new rows in a pending list that the server merges in the
// background, not inside a receipt (docs/decisions/010-history-search.md). Both engines.
const ctx = await fileTestContext()
const TRIGRAM_INDEXES = [
  'audit_logs_description_trgm_idx',
  'loot_history_item_name_trgm_idx',
  'loot_history_player_name_trgm_idx',
]

/** What a receipt writes to the searched columns: a loot history row and an audit row. */
async function writeLogRows(count: number) {
  const { guild } = await buildGuild(ctx)
  await ctx.database.db.execute(sql`
    insert into loot_history (guild_id, item_name, player_name)
    select ${guild.id}::uuid, 'Espada Flamejante ' || g, 'Jogador ' || g from generate_series(1, ${count}) g`)
  await ctx.database.db.execute(sql`
    insert into audit_logs (guild_id, action_type, table_name, description)
    select ${guild.id}::uuid, 'received', 'player_queues', 'Jogador ' || g || ' recebeu Espada Flamejante'
      from generate_series(1, ${count}) g`)
  return guild.id
}

async function historyMatches(guildId: string, search: string) {
  const result = (await ctx.database.db.execute(sql`
    select count(*)::int as n from loot_history
     where guild_id = ${guildId}::uuid and item_name_folded like lq_contains_pattern(${search})`)) as unknown as {
    rows: { n: number }[]
  }
  return result.rows[0]!.n
}

it('gives each trigram index a pending list with a 1 MB backstop, not the 64 kB a receipt used to merge', async () => {
  const result = (await ctx.database.db.execute(sql`
    select relname as name, reloptions as options from pg_class
     where relname in (${sql.join(TRIGRAM_INDEXES, sql`, `)}) order by relname`)) as unknown as {
    rows: { name: string; options: string[] }[]
  }
  expect(result.rows.map((row) => row.name)).toEqual(TRIGRAM_INDEXES)
  for (const row of result.rows)
    expect(row.options, row.name).toEqual(
      expect.arrayContaining(['fastupdate=true', 'gin_pending_list_limit=1024']),
    )
})

it('merges what the writes left in the lists, after which the lists are empty and searches still find it all', async () => {
  const guildId = await writeLogRows(40)
  expect(await mergePendingLists(ctx.database)).toBeGreaterThanOrEqual(TRIGRAM_INDEXES.length)
  expect(await mergePendingLists(ctx.database)).toBe(0)
  expect(await historyMatches(guildId, 'espada flamejante')).toBe(40)
  expect(await historyMatches(guildId, 'flamejante 17')).toBe(1)
})

it('merges on its own once started, and stop() waits for a merge under way', async () => {
  const guildId = await writeLogRows(40)
  const merged: number[] = []
  const record = (msg: string, fields?: Record<string, unknown>) => {
    if (msg === 'pending lists merged') merged.push(fields!.pages as number)
  }
  const logger = { debug: record, info: record, warn: record, error: record }
  const merger = startPendingListMerger({ database: ctx.database, logger, firstDelayMs: 0, intervalMs: 10 })
  await expect.poll(() => merged.length, { timeout: 15_000 }).toBeGreaterThan(0)
  await merger.stop()
  expect(merged[0]).toBeGreaterThanOrEqual(TRIGRAM_INDEXES.length)
  expect(await mergePendingLists(ctx.database)).toBe(0)
  expect(await historyMatches(guildId, 'espada flamejante 3')).toBe(11)
})
