import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { playerQueues, players } from '../../db/schema'
import { type EntryRow, entryColumns, inQueue } from './queues.queries'

// Positions as members see them (1..n over the shown entries), counted or looked back to without reading
// the whole queue (docs/decisions/001-queue-ordering.md).

/** The shown entries (active players) before `key`, counted. */
function countShownBefore(db: DbOrTx, guildId: string, itemId: string, key: number) {
  return db
    .select({ n: count() })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), lt(playerQueues.queuePosition, key), eq(players.isActive, true)))
}

/** How many shown entries (active players) come before `key`: the position a member sees, minus one. */
export async function shownBefore(db: DbOrTx, guildId: string, itemId: string, key: number) {
  const [row] = await countShownBefore(db, guildId, itemId, key)
  return row!.n
}

/**
 * The entries just appended at the end of a queue (keys from `fromKey` up: consecutive, active players), in
 * queue order, each with the shown entry right before it (null: first): the one appended before it, and
 * for the first the last shown entry before `fromKey`. One look-back, not one per entry: an add-all of
 * 3,000 players asked 3,000 of them, and took 25 s on PGlite.
 */
export async function appendedEntries(db: DbOrTx, guildId: string, itemId: string, fromKey: number) {
  const rows = await db
    .select(entryColumns)
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), gte(playerQueues.queuePosition, fromKey)))
    .orderBy(asc(playerQueues.queuePosition))
  const [before] = await db
    .select({ id: playerQueues.id })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), lt(playerQueues.queuePosition, fromKey), eq(players.isActive, true)))
    .orderBy(desc(playerQueues.queuePosition))
    .limit(1)
  return rows.map((entry, i) => ({
    after: i === 0 ? (before?.id ?? null) : rows[i - 1]!.id,
    entry: entry as EntryRow,
  }))
}

/** An entry after a write, for its announcement: its player, position among the shown entries and penalty. */
export async function entryAfterWrite(db: DbOrTx, guildId: string, itemId: string, entryId: string) {
  const [row] = await db
    .select({
      playerName: players.name,
      queuePosition: playerQueues.queuePosition,
      penaltyUntil: playerQueues.penaltyUntil,
    })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), eq(playerQueues.id, entryId)))
  if (!row) return undefined
  const position = (await shownBefore(db, guildId, itemId, row.queuePosition)) + 1
  return { playerName: row.playerName, position, penaltyUntil: row.penaltyUntil }
}
