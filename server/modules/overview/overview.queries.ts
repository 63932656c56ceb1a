import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { guildIdParam, nowParam } from '../../db/guild-scope'
import { guildRanks, guilds, items, playerQueues, players, raidNightAttendance } from '../../db/schema'

// The overview's SQL: the counters in one statement, "next up" for every item in another.

/**
 * The counters, and when the next penalty still running at `now` ends (ISO; null: none). Refilled after every
 * write of the guild: a prepared statement (docs/architecture.md, "Prepared statements").
 */
export async function overviewCounters(db: DbOrTx, guildId: string, now: Date) {
  const [row] = await db
    .select({
      itemCount: sql<number>`(select count(*) from items i where i.guild_id = ${guildIdParam})::int`,
      activePlayerCount: sql<number>`(select count(*) from players p
        where p.guild_id = ${guildIdParam} and p.is_active)::int`,
      distributedCount: sql<number>`(select count(*) from loot_history h where h.guild_id = ${guildIdParam})::int`,
      nextPenaltyEnd: sql<string | null>`(select to_json(min(q.penalty_until)) #>> '{}' from player_queues q
        where q.guild_id = ${guildIdParam} and q.penalty_until > ${nowParam})`,
      rankFirst: sql<boolean>`coalesce((select g.rank_first from guilds g where g.id = ${guildIdParam}), false)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('lq_overview_counters')
    .execute({ guildId, now: now.toISOString() })
  return row!
}

/** The guild's "rank first" setting (docs/decisions/018-ranks.md). */
export async function rankFirstOf(db: DbOrTx, guildId: string): Promise<boolean> {
  const [row] = await db.select({ rankFirst: guilds.rankFirst }).from(guilds).where(eq(guilds.id, guildId))
  return row?.rankFirst ?? false
}

/** A rank level no rank reaches: where players without a rank stand with "rank first". */
const NO_RANK_KEY = 2147483647

/**
 * For each item, by name: its next in line (contract/next-in-line.ts) — among the entries of active players,
 * without a live penalty, not below the item's minimum rank and, during a raid night (`nightId`), not marked
 * away on it: with `rankFirst` (the guild's setting) those of the highest rank present only; then the first
 * pending one in queue order, failing that the first that received or was marked absent — and how many
 * entries its queue shows (active players), so "nobody can receive" is told apart from "nobody queued". One
 * query (lateral joins on the item/position indexes), however many items there are; `itemId`: that item only
 * (an award's announcement names who is next after it).
 */
export async function nextUpByItem(
  db: DbOrTx,
  guildId: string,
  now: Date,
  nightId: string | null,
  rankFirst: boolean,
  itemId?: string,
) {
  const minRank = alias(guildRanks, 'min_rank')
  const playerRank = alias(guildRanks, 'player_rank')
  // With "rank first", each lateral takes the best rank's first entry, and the two are compared below;
  // without it the key is the same for all, and the laterals read in queue order (the partial index below).
  const rankKey = rankFirst
    ? sql<number>`coalesce(${playerRank.level}, ${sql.raw(String(NO_RANK_KEY))})`
    : sql<number>`0`
  const firstWith = (status: SQL, alias: string) =>
    db
      .select({ playerId: players.id, playerName: players.name, rankKey: rankKey.as('rank_key') })
      .from(playerQueues)
      .innerJoin(players, eq(players.id, playerQueues.playerId))
      .leftJoin(playerRank, eq(playerRank.id, players.rankId))
      .where(
        and(
          eq(playerQueues.itemId, items.id),
          eq(playerQueues.guildId, guildId),
          eq(players.isActive, true),
          status,
          or(isNull(playerQueues.penaltyUntil), lte(playerQueues.penaltyUntil, now)),
          // Not below the item's minimum rank (none: no minimum; without a rank: below any).
          sql`(${minRank.level} is null or ${playerRank.level} <= ${minRank.level})`,
          nightId
            ? sql`not exists (select 1 from ${raidNightAttendance} a where a.raid_night_id = ${nightId}
                and a.player_id = ${playerQueues.playerId} and a.status in ('bench', 'excused', 'no_show'))`
            : undefined,
        ),
      )
      .orderBy(...(rankFirst ? [rankKey] : []), asc(playerQueues.queuePosition))
      .limit(1)
      .as(alias)
  const pending = firstWith(eq(playerQueues.attendanceStatus, 'pending'), 'pending')
  // Written as the partial index's predicate (player_queues_item_done_idx), so it is read in key order.
  const other = firstWith(sql`${playerQueues.attendanceStatus} in ('received', 'absent')`, 'other')
  const queued = db
    .select({ queueCount: sql<number>`count(*)::int`.as('queue_count') })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(
      and(eq(playerQueues.itemId, items.id), eq(playerQueues.guildId, guildId), eq(players.isActive, true)),
    )
    .as('queued')
  // The pending entry unless the other is of a higher rank (only with "rank first" can it be).
  const pendingWins = sql`${pending.playerId} is not null
    and (${other.playerId} is null or "pending"."rank_key" <= "other"."rank_key")`
  return db
    .select({
      itemId: items.id,
      itemName: items.name,
      rarity: items.rarity,
      playerId: sql<
        string | null
      >`case when ${pendingWins} then ${pending.playerId} else ${other.playerId} end`,
      playerName: sql<
        string | null
      >`case when ${pendingWins} then ${pending.playerName} else ${other.playerName} end`,
      queueCount: queued.queueCount,
    })
    .from(items)
    .leftJoin(minRank, eq(minRank.id, items.minRankId))
    .leftJoinLateral(pending, sql`true`)
    .leftJoinLateral(other, sql`true`)
    .leftJoinLateral(queued, sql`true`)
    .where(and(eq(items.guildId, guildId), itemId ? eq(items.id, itemId) : undefined))
}
