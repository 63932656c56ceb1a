import { count, eq, type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mergePendingLists } from '../../db/pending-list-merger'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { activityFilter } from './history.service'
import { auditLogs, lootHistory, profiles } from '../../db/schema'
import {
  type ActivityFilter,
  activityCount,
  activityWhere,
  countActivity,
  listCountedLootPage,
  lootWhere,
} from './history.queries'

// docs/decisions/010-history-search.md: a search reads the rows its trigram indexes find, not the guild's
// whole history. The plan is the proof (the timings are in scripts/bench/history.bench.ts): on a history
// big enough for an index to pay, the planner picks the folded columns' indexes, on both engines. The count
// is the query that reads every match (a page stops after 20), so its plan is the one checked. The
// activity count adds up its arms one by one (activityCount): it must count what the OR of the listing
// keeps, each row once.

const ctx = await fileTestContext()
let guildId: string
let authorId: string
beforeAll(async () => {
  const { guild, admin } = await buildGuild(ctx)
  guildId = guild.id
  authorId = admin.user.id
  const db = ctx.database.db
  await db.execute(sql`
    insert into loot_history (guild_id, item_name, player_name, distributed_at)
    select ${guildId}::uuid, 'Item ' || (g % 500), 'Player ' || (g % 300),
           timestamptz '2025-06-01 00:00:00+00' - g * interval '7 minutes'
    from generate_series(1, 20000) as g`)
  await db.execute(sql`
    insert into audit_logs (guild_id, user_id, action_type, table_name, description, created_at)
    select ${guildId}::uuid, case when g % 50 = 0 then ${authorId} end,
           case when g % 100 = 0 then 'PLAYER_PENALIZED'
                else (array['ITEM_RECEIVED', 'QUEUE_ADD', 'PLAYER_ABSENT', 'QUEUE_REORDER'])[1 + g % 4] end,
           'player_queues', 'Player ' || (g % 300) || ' and Item ' || (g % 500),
           timestamptz '2025-06-01 00:00:00+00' - g * interval '3 minutes'
    from generate_series(1, 20000) as g`)
  // As every server process does within a second: rows still in a trigram index's pending list are read
  // in full by every search, and the planner counts them (server/db/pending-list-merger.ts).
  await mergePendingLists(ctx.database)
  await db.execute(sql`analyze loot_history`)
  await db.execute(sql`analyze audit_logs`)
})

async function plan(query: SQL): Promise<string> {
  const result = await ctx.database.db.execute(sql`explain ${query}`)
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n')
}

const countLoot = (search: string) =>
  ctx.database.db.select({ n: count() }).from(lootHistory).where(lootWhere(guildId, { search })).getSQL()
// The filter is built first: it looks up the members named like the search.
const countOfOr = async (filter: ActivityFilter) => {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLogs)
    .where(activityWhere(guildId, filter))
  return row!.n
}
const activitySearch = (search: string) => activityFilter(ctx.database.db, guildId, 'en', search)

describe('history search plans', () => {
  it('a loot search reads the trigram indexes of item and player names', async () => {
    const text = await plan(countLoot('PLAYER 42'))
    expect(text).toContain('loot_history_item_name_trgm_idx')
    expect(text).toContain('loot_history_player_name_trgm_idx')
    expect(text).not.toMatch(/Seq Scan on loot_history/)
  })

  it('an activity search reads the description, author and action indexes', async () => {
    const [author] = await ctx.database.db
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, authorId))
    const byAuthor = await plan(activityCount(guildId, await activitySearch(author!.name.toUpperCase())))
    expect(byAuthor).toContain('audit_logs_description_trgm_idx')
    expect(byAuthor).toContain('audit_logs_user_guild_idx')
    const byLabel = await plan(activityCount(guildId, await activitySearch('Penalty applied')))
    expect(byLabel).toContain('audit_logs_guild_action_idx')
    expect(`${byAuthor}\n${byLabel}`).not.toMatch(/Seq Scan on audit_logs/)
  })

  it('counts what the OR of the listing keeps, each row once, rows without an author included', async () => {
    const db = ctx.database.db
    // Every 50th row is the author's, every 100th a penalty (all of them the author's too), and the
    // description matches "player 1" in about one row of eight, most of them without an author.
    const filters: ActivityFilter[] = [
      { search: 'player 1', authorIds: [authorId], actionTypes: ['PLAYER_PENALIZED', 'QUEUE_ADD'] },
      { search: 'player 1', authorIds: [authorId] },
      { search: 'player 1', actionTypes: ['PLAYER_PENALIZED'] },
      { search: 'player 1' },
      { search: 'nothing like it', authorIds: [authorId], actionTypes: ['PLAYER_PENALIZED'] },
      {},
    ]
    for (const filter of filters) {
      expect(await countActivity(db, guildId, filter), JSON.stringify(filter)).toBe(await countOfOr(filter))
    }
    // The arms do overlap here: counted apart, the description and the other two would be more.
    const [, both, , byDescription, byAuthorOrLabel] = filters
    expect(await countOfOr(byDescription!)).toBeGreaterThan(0)
    expect(await countOfOr(byAuthorOrLabel!)).toBeGreaterThan(0)
    expect((await countOfOr(byDescription!)) + (await countOfOr(byAuthorOrLabel!))).toBeGreaterThan(
      await countOfOr(both!),
    )
  })

  it("reads a page's authors for the rows it shows, not for every match, whatever plan sorts them", async () => {
    // Sorted after the scan and joined row by row, as the planner chose on ten thousand guilds when a
    // guild's statistics lagged behind its growth (docs/performance.md): the look-ups must still wait for
    // the page's limit.
    const loops = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`)
      await tx.execute(sql`set local enable_hashjoin = off`)
      await tx.execute(sql`set local enable_mergejoin = off`)
      const page = listCountedLootPage(tx, guildId, { search: 'item 1' }, { limit: 20, offset: 0 })
      const result = await tx.execute(sql`explain (analyze, costs off, timing off) ${page.getSQL()}`)
      const lines = (result as unknown as { rows: Record<string, string>[] }).rows.map(
        (r) => r['QUERY PLAN']!,
      )
      expect(lines.join('\n')).toContain('Sort')
      return lines.filter((line) => / on (profiles|former_members)/.test(line)).map((line) => loopsOf(line))
    })
    // "item 1" matches items 1, 10–19 and 100–199: thousands of rows; the page shows 20.
    expect(loops.length).toBeGreaterThan(0)
    expect(Math.max(...loops)).toBeLessThanOrEqual(20)
  })
})

/** The `loops=` of an EXPLAIN ANALYZE line (a node never run has none). */
function loopsOf(line: string): number {
  return Number(/loops=(\d+)/.exec(line)?.[1] ?? 0)
}
