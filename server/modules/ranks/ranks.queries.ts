import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { MINIMUM_ITEMS_NAMED } from '../../../contract/ranks'
import { guildRanks, guilds, items, players } from '../../db/schema'

// The SQL of a guild's ranks. Every function takes the guild: another guild's rank is simply not found.

/** Highest first, each with how many players (any status) hold it. */
export async function listRanks(db: DbOrTx, guildId: string) {
  return db
    .select({
      id: guildRanks.id,
      name: guildRanks.name,
      level: guildRanks.level,
      playerCount: sql<number>`(select count(*) from ${players} p
        where p.guild_id = ${guildId} and p.rank_id = guild_ranks.id)::int`,
      minimumOf: sql<{ count: number; names: string[] }>`json_build_object(
        'count', (select count(*) from ${items} i where i.guild_id = ${guildId} and i.min_rank_id = guild_ranks.id),
        'names', array(select i.name from ${items} i where i.guild_id = ${guildId} and i.min_rank_id = guild_ranks.id
          order by lower(i.name), i.name limit ${MINIMUM_ITEMS_NAMED}))`,
    })
    .from(guildRanks)
    .where(eq(guildRanks.guildId, guildId))
    .orderBy(asc(guildRanks.level))
}

export async function insertRank(tx: DbOrTx, guildId: string, name: string, level: number, now: Date) {
  const [row] = await tx
    .insert(guildRanks)
    .values({ guildId, name, level, createdAt: now, updatedAt: now })
    .returning({ id: guildRanks.id })
  return row!
}

export async function renameRank(tx: DbOrTx, guildId: string, id: string, name: string, now: Date) {
  await tx
    .update(guildRanks)
    .set({ name, updatedAt: now })
    .where(isGuildRow(guildRanks, guildId, id))
}

/** Every rank's level in one statement: `ids` highest first, each one's level its index. */
export async function setRankLevels(tx: DbOrTx, guildId: string, ids: readonly string[], now: Date) {
  if (ids.length === 0) return
  const levels = sql.join(
    ids.map((id, level) => sql`(${id}::uuid, ${level}::int)`),
    sql`, `,
  )
  await tx.execute(sql`update ${guildRanks} r set level = v.level, updated_at = ${now.toISOString()}::timestamptz
    from (values ${levels}) as v(id, level)
    where r.guild_id = ${guildId} and r.id = v.id and r.level <> v.level`)
}

/**
 * Readies the rank's delete and says how many players hold it: its holders are locked first, then the rank
 * itself (FOR UPDATE), the order in which an award locks them (players, then ranks:
 * server/db/functions/lq_below_minimum_rank.sql), so an award under way finishes first and never waits for this
 * delete while holding what it needs. Holding the rank, the delete sees every item write that named it as a
 * minimum (it held the rank with KEY SHARE until its commit: holdRank, players.queries.ts) and keeps out the
 * next ones until it ends, so `itemsWithMinimum` read after this is the whole truth.
 */
export async function lockRankForDelete(tx: DbOrTx, guildId: string, id: string) {
  const holders = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.guildId, guildId), eq(players.rankId, id)))
    .orderBy(asc(players.id))
    .for('no key update')
  await tx
    .select({ id: guildRanks.id })
    .from(guildRanks)
    .where(isGuildRow(guildRanks, guildId, id))
    .for('update')
  return holders.length
}

/** The items whose minimum rank is `id`: how many, and the first `listed` names in name order. */
export async function itemsWithMinimum(tx: DbOrTx, guildId: string, id: string, listed: number) {
  const rows = await tx
    .select({ name: items.name, total: sql<number>`count(*) over ()::int` })
    .from(items)
    .where(and(eq(items.guildId, guildId), eq(items.minRankId, id)))
    .orderBy(asc(sql`lower(${items.name})`), asc(items.name))
    .limit(listed)
  return { count: rows[0]?.total ?? 0, names: rows.map((row) => row.name) }
}

/** Deletes the rank: its players keep none (the foreign key sets null). No item takes it as minimum by now. */
export async function deleteRank(tx: DbOrTx, guildId: string, id: string) {
  await tx.delete(guildRanks).where(isGuildRow(guildRanks, guildId, id))
}

export async function findRankFirst(db: DbOrTx, guildId: string) {
  const [row] = await db.select({ rankFirst: guilds.rankFirst }).from(guilds).where(eq(guilds.id, guildId))
  return row?.rankFirst ?? false
}

/** Answers whether it changed (the guild row is locked by the caller). */
export async function updateRankFirst(tx: DbOrTx, guildId: string, rankFirst: boolean, now: Date) {
  const rows = await tx
    .update(guilds)
    .set({ rankFirst, updatedAt: now })
    .where(and(eq(guilds.id, guildId), sql`${guilds.rankFirst} <> ${rankFirst}`))
    .returning({ id: guilds.id })
  return rows.length > 0
}
