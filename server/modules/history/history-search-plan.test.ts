import { count, eq, type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mergePendingLists } from '../../db/pending-list-merger'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { activityFilter } from './history.service'
import { auditLogs, lootHistory, profiles } from '../../db/schema'
import {
  type ActivityFilter,
  activityBatchAfter,
  activityCount,
  activityWhere,
  countActivity,
  listActivityPage,
  listCountedLootPage,
  lootWhere,
} from './history.queries'

// docs/decisions/010-history-search.md: a search reads the rows its trigram indexes find, not the guild's
// whole history. The plan is the proof (the timings are in scripts/bench/history.bench.ts): on a history
// big enough for an index to pay, the planner picks the folded columns' indexes, on both engines. The count
// is the query that reads every match (a page stops after 20), so its plan is the one checked. The
// activity count adds up its arms one by one (activityCount): it must count what the listing keeps (per
// word an OR of arms, the words ANDed), each row once.

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
const activitySearch = (search: string) =>
  activityFilter(ctx.database.db, guildId, { language: 'en', seesEmails: true }, search)

describe('history search plans', () => {
  it('a loot search reads the trigram indexes of item and player names', async () => {
    const text = await plan(countLoot('142'))
    expect(text).toContain('loot_history_item_name_trgm_idx')
    expect(text).toContain('loot_history_player_name_trgm_idx')
    expect(text).not.toMatch(/Seq Scan on loot_history/)
  })

  it("a loot search of two words intersects the words' index reads before it reads a row", async () => {
    // "142" and "242" are each in about a hundred rows (items 142 and 242, players 142 and 242), both in
    // about twenty-five (item 142 given to player 242, and item 242 to player 142).
    const text = await plan(countLoot('142 242'))
    expect(text).toContain('BitmapAnd')
    expect(text.match(/BitmapOr/g)).toHaveLength(2)
    expect(text.match(/loot_history_item_name_trgm_idx/g)).toHaveLength(2)
    expect(text.match(/loot_history_player_name_trgm_idx/g)).toHaveLength(2)
    expect(text).not.toMatch(/Seq Scan on loot_history/)
    // A word in every row ("player") adds nothing to the index reads: it is checked on the other's rows.
    const withCommonWord = await plan(countLoot('PLAYER 142'))
    expect(withCommonWord).toContain('loot_history_player_name_trgm_idx')
    expect(withCommonWord).not.toMatch(/Seq Scan on loot_history/)
  })

  // The log's order (newest first, then the latest written of one instant) is the index's: a page, deep or
  // not, and an export's batch read the guild's rows in order and stop at the page's end, sorting nothing.
  it("the activity log's pages and export batches read its order from the guild's date index, no sort", async () => {
    const db = ctx.database.db
    const [middle] = await activityBatchAfter(db, guildId, {}, null, 9001).offset(9000)
    const cursor = { at: middle!.cursorAt, tie: middle!.cursorTie }
    const plans = [
      await plan(listActivityPage(db, guildId, {}, { limit: 20, offset: 0 }).getSQL()),
      await plan(listActivityPage(db, guildId, {}, { limit: 20, offset: 2000 }).getSQL()),
      await plan(activityBatchAfter(db, guildId, {}, cursor, 2000).getSQL()),
    ]
    for (const text of plans) {
      expect(text).toContain('audit_logs_guild_date_idx')
      expect(text).not.toMatch(/Sort|Seq Scan on audit_logs/)
    }
    // The batch after the cursor starts right after its row.
    const [next] = await activityBatchAfter(db, guildId, {}, cursor, 1)
    const [expected] = await listActivityPage(db, guildId, {}, { limit: 1, offset: 9001 })
    expect(next!.id).toBe(expected!.id)
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

  it("a member's activity search reads the same indexes, invitees' e-mails left out by a recheck", async () => {
    // A member may not find invitation rows by the invitee's e-mail (history.privacy.ts): a condition on the
    // description index's candidates only, so the index still finds them, for the count and the listing.
    const member = (search: string) =>
      activityFilter(ctx.database.db, guildId, { language: 'en', seesEmails: false }, search)
    for (const search of ['142', '142 242', 'penalty 142']) {
      const filter = await member(search)
      const counted = await plan(activityCount(guildId, filter))
      const listed = await plan(
        ctx.database.db.select({ n: count() }).from(auditLogs).where(activityWhere(guildId, filter)).getSQL(),
      )
      for (const text of [counted, listed]) {
        expect(text, search).toContain('audit_logs_description_trgm_idx')
        expect(text, search).not.toMatch(/Seq Scan on audit_logs/)
      }
      // The bench's rows name no invitee: the member counts what an admin counts.
      expect(await countActivity(ctx.database.db, guildId, filter), search).toBe(
        await countActivity(ctx.database.db, guildId, await activitySearch(search)),
      )
    }
  })

  it('an activity search of several words reads the indexes of the words that narrow it', async () => {
    const [author] = await ctx.database.db
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, authorId))
    // The author's name (two words, each matching the author) and a word of the descriptions; two words
    // of the descriptions; an action label's word and a description's.
    for (const search of [`${author!.name} 142`, '142 242', 'penalty 142']) {
      const text = await plan(activityCount(guildId, await activitySearch(search)))
      expect(text, search).toContain('audit_logs_description_trgm_idx')
      expect(text, search).not.toMatch(/Seq Scan on audit_logs/)
    }
  })

  it('counts what the OR of the listing keeps, each row once, rows without an author included', async () => {
    const db = ctx.database.db
    // Every 50th row is the author's, every 100th a penalty (all of them the author's too), and the
    // description matches "player 1" in about one row of eight, most of them without an author.
    const word = (text: string, authorIds: string[] = [], actionTypes: string[] = []) => ({
      text,
      authorIds,
      actionTypes,
    })
    const filters: ActivityFilter[] = [
      { words: [word('player 1', [authorId], ['PLAYER_PENALIZED', 'QUEUE_ADD'])] },
      { words: [word('player 1', [authorId])] },
      { words: [word('player 1', [], ['PLAYER_PENALIZED'])] },
      { words: [word('player 1')] },
      { words: [word('nothing like it', [authorId], ['PLAYER_PENALIZED'])] },
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

  it('counts what the AND of the words keeps, each row once, when words share authors or action types', async () => {
    const db = ctx.database.db
    const word = (text: string, authorIds: string[] = [], actionTypes: string[] = []) => ({
      text,
      authorIds,
      actionTypes,
    })
    // As above; besides, the author's rows are never QUEUE_ADD (every 50th row, an even one).
    const filters: ActivityFilter[] = [
      // The author matches both words: their rows counted by the author alone, the rest by descriptions.
      { words: [word('player 1', [authorId]), word('item 2', [authorId], ['QUEUE_ADD'])] },
      // An action type matches both words, the author one of them.
      {
        words: [
          word('player 1', [authorId], ['PLAYER_PENALIZED', 'QUEUE_ADD']),
          word('and', [], ['QUEUE_ADD']),
        ],
      },
      // Nothing common to the words: a row may match one word by its author, the other by its type.
      { words: [word('player 2', [authorId]), word('item 1', [], ['QUEUE_ADD'])] },
      {
        words: [
          word('player', [authorId], ['QUEUE_ADD']),
          word('item 3', [authorId]),
          word('and', [], ['QUEUE_ADD']),
        ],
      },
      { words: [word('player 1', [authorId], ['QUEUE_ADD']), word('nothing like it')] },
    ]
    const counts: number[] = []
    for (const filter of filters) {
      const n = await countOfOr(filter)
      expect(await countActivity(db, guildId, filter), JSON.stringify(filter)).toBe(n)
      counts.push(n)
    }
    expect(counts.slice(0, 4).every((n) => n > 0)).toBe(true)
    expect(counts[4]).toBe(0)
    // The third filter's rows: some found by the author for one word and the action type for the other.
    const [, , mixed] = filters
    const byDescriptions = { words: mixed!.words!.map(({ text }) => word(text)) }
    expect(await countOfOr(mixed!)).toBeGreaterThan(await countOfOr(byDescriptions))
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
