import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { items, playerQueues, players } from '../../db/schema'

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
 * For each item, by name: the first entry in queue order that is pending, of an active player and without
 * a live penalty, and how many entries its queue shows (active players), so "nobody pending" is told apart
 * from "nobody queued". One query (lateral joins on the item/position index), however many items there are.
 */
export async function nextUpByItem(db: DbOrTx, guildId: string, now: Date) {
  const next = db
    .select({ playerId: players.id, playerName: players.name })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(
      and(
        eq(playerQueues.itemId, items.id),
        eq(playerQueues.guildId, guildId),
        eq(players.isActive, true),
        eq(playerQueues.attendanceStatus, 'pending'),
        or(isNull(playerQueues.penaltyUntil), lte(playerQueues.penaltyUntil, now)),
      ),
    )
    .orderBy(asc(playerQueues.queuePosition))
    .limit(1)
    .as('next')
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
      playerId: next.playerId,
      playerName: next.playerName,
      queueCount: queued.queueCount,
    })
    .from(items)
    .leftJoinLateral(next, sql`true`)
    .leftJoinLateral(queued, sql`true`)
    .where(eq(items.guildId, guildId))
}
