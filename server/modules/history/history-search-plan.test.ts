import { count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mergePendingLists } from '../../db/pending-list-merger'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { activityFilter } from './history.service'
import { auditLogs, lootHistory, profiles } from '../../db/schema'
import { type ActivityFilter, activityWhere, lootWhere } from './history.queries'

// docs/decisions/010-history-search.md: a search reads the rows its trigram indexes find, not the guild's
// whole history. The plan is the proof (the timings are in scripts/bench/history.bench.ts): on a history
// big enough for an index to pay, the planner picks the folded columns' indexes, on both engines. The count
// is the query that reads every match (a page stops after 20), so its plan is the one checked.

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

type PlanClient = { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, string>[] }> }
type Query = { toSQL: () => { sql: string; params: unknown[] } }

async function plan(query: Query): Promise<string> {
  const { sql: text, params } = query.toSQL()
  // Both drivers' clients (PGlite, pg.Pool) take a text and its parameters.
  const client = (ctx.database.db as unknown as { $client: PlanClient }).$client
  const { rows } = await client.query(`explain ${text}`, params)
  return rows.map((row) => row['QUERY PLAN']).join('\n')
}

const countLoot = (search: string) =>
  ctx.database.db.select({ n: count() }).from(lootHistory).where(lootWhere(guildId, { search }))
// The filter is built first: it looks up the members named like the search.
const countActivity = (filter: ActivityFilter) =>
  ctx.database.db.select({ n: count() }).from(auditLogs).where(activityWhere(guildId, filter))
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
    const byAuthor = await plan(countActivity(await activitySearch(author!.name.toUpperCase())))
    expect(byAuthor).toContain('audit_logs_description_trgm_idx')
    expect(byAuthor).toContain('audit_logs_user_id_idx')
    const byLabel = await plan(countActivity(await activitySearch('Penalty applied')))
    expect(byLabel).toContain('audit_logs_guild_action_idx')
    expect(`${byAuthor}\n${byLabel}`).not.toMatch(/Seq Scan on audit_logs/)
  })
})
