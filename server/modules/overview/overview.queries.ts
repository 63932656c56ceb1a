import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { items, playerQueues, players, raidNightAttendance } from '../../db/schema'

// The overview's SQL: the counters in one statement, "next up" for every item in another.

/** The counters, and when the next penalty still running at `now` ends (ISO; null: none). */
export async function overviewCounters(db: DbOrTx, guildId: string, now: Date) {
  const [row] = await db
    .select({
      itemCount: sql<number>`(select count(*) from items i where i.guild_id = ${guildId})::int`,
      activePlayerCount: sql<number>`(select count(*) from players p
        where p.guild_id = ${guildId} and p.is_active)::int`,
      distributedCount: sql<number>`(select count(*) from loot_history h where h.guild_id = ${guildId})::int`,
      nextPenaltyEnd: sql<string | null>`(select to_json(min(q.penalty_until)) #>> '{}' from player_queues q
        where q.guild_id = ${guildId} and q.penalty_until > ${now.toISOString()}::timestamptz)`,
    })
    .from(sql`(select 1) as one`)
  return row!
}

/**
 * For each item, by name: its next in line (contract/next-in-line.ts) — the first entry in queue order that
 * is pending, of an active player, without a live penalty and, during a raid night (`nightId`), not marked
 * away on it; failing that, the first such entry that received or was marked absent — and how many entries
 * its queue shows (active players), so "nobody can receive" is told apart from "nobody queued". One query
 * (lateral joins on the item/position indexes), however many items there are; `itemId`: that item only (an
 * award's announcement names who is next after it).
 */
export async function nextUpByItem(
  db: DbOrTx,
  guildId: string,
  now: Date,
  nightId: string | null,
  itemId?: string,
) {
  const firstWith = (status: SQL, alias: string) =>
    db
      .select({ playerId: players.id, playerName: players.name })
      .from(playerQueues)
      .innerJoin(players, eq(players.id, playerQueues.playerId))
      .where(
        and(
          eq(playerQueues.itemId, items.id),
          eq(playerQueues.guildId, guildId),
          eq(players.isActive, true),
          status,
          or(isNull(playerQueues.penaltyUntil), lte(playerQueues.penaltyUntil, now)),
          nightId
            ? sql`not exists (select 1 from ${raidNightAttendance} a where a.raid_night_id = ${nightId}
                and a.player_id = ${playerQueues.playerId} and a.status in ('bench', 'excused', 'no_show'))`
            : undefined,
        ),
      )
      .orderBy(asc(playerQueues.queuePosition))
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
  return db
    .select({
      itemId: items.id,
      itemName: items.name,
      rarity: items.rarity,
      playerId: sql<string | null>`coalesce(${pending.playerId}, ${other.playerId})`,
      playerName: sql<string | null>`coalesce(${pending.playerName}, ${other.playerName})`,
      queueCount: queued.queueCount,
    })
    .from(items)
    .leftJoinLateral(pending, sql`true`)
    .leftJoinLateral(other, sql`true`)
    .leftJoinLateral(queued, sql`true`)
    .where(and(eq(items.guildId, guildId), itemId ? eq(items.id, itemId) : undefined))
}
