import { and, asc, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm'
import type { AttendanceStatus, PlayerStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { guildIdParam, isGuildRow, itemIdParam } from '../../db/guild-scope'
import { guildRanks, items, playerQueues, players } from '../../db/schema'

// The SQL of queues. Every function filters by guild: another guild's ids are simply not found.

/** What an entry says about its player: the one set the queue, the player page and the public page read. */
export type EntryState = {
  attendanceStatus: AttendanceStatus
  timesReceived: number
  timesAbsent: number
  penaltyUntil: Date | null
  penaltyNote: string | null
  /** The penalty's reason is for officers only (docs/decisions/019-public-visibility.md). */
  penaltyNotePrivate: boolean
}

/** The rows of one item's queue in the guild: the filter every query on a queue starts from. */
export const inQueue = (guildId: string, itemId: string) =>
  and(eq(playerQueues.guildId, guildId), eq(playerQueues.itemId, itemId))

export const entryStateColumns = {
  attendanceStatus: playerQueues.attendanceStatus,
  timesReceived: playerQueues.timesReceived,
  timesAbsent: playerQueues.timesAbsent,
  penaltyUntil: playerQueues.penaltyUntil,
  penaltyNote: playerQueues.penaltyNote,
  penaltyNotePrivate: playerQueues.penaltyNotePrivate,
}

/**
 * An entry's player's rank level and whether it is below the item's minimum rank (docs/decisions/018-ranks.md;
 * the rule: contract/next-in-line.ts isBelowMinimumRank, lq_below_minimum_rank for an award, and the entry
 * that lq_queue_entry_action answers). Look-ups by
 * primary key inside the query that reads the entries, whatever it joins besides player_queues and players
 * (named in full: every such query joins both).
 */
export function entryRankColumns() {
  return {
    rankLevel: sql<number | null>`(select r.level from guild_ranks r where r.id = "players"."rank_id")`,
    belowMinimumRank: sql<boolean>`exists (select 1 from items mi
      join guild_ranks mr on mr.id = mi.min_rank_id
      left join guild_ranks pr on pr.id = "players"."rank_id"
      where mi.id = "player_queues"."item_id" and (pr.level is null or pr.level > mr.level))`,
  }
}

export const entryColumns = {
  id: playerQueues.id,
  itemId: playerQueues.itemId,
  playerId: playerQueues.playerId,
  queuePosition: playerQueues.queuePosition,
  ...entryStateColumns,
  createdAt: playerQueues.createdAt,
  playerName: players.name,
  playerNotes: players.notes,
  playerStatus: players.playerStatus,
  playerActive: players.isActive,
  ...entryRankColumns(),
}

export type EntryRow = EntryState & {
  id: string
  itemId: string
  playerId: string
  /** The ordering key (queue-keys.ts), not the position. */
  queuePosition: number
  createdAt: Date
  playerName: string
  playerNotes: string | null
  playerStatus: PlayerStatus
  playerActive: boolean
  rankLevel: number | null
  belowMinimumRank: boolean
}

/** The item's whole queue (hidden entries of inactive players included), in queue order. */
export async function listEntries(db: DbOrTx, guildId: string, itemId: string): Promise<EntryRow[]> {
  const rows = await db
    .select(entryColumns)
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(inQueue(guildId, itemId))
    .orderBy(asc(playerQueues.queuePosition))
  return rows as EntryRow[]
}

/**
 * The item's queue version and whole queue, in one statement so both come from the same moment (a client
 * applies later changes to this version). Undefined when the item is not the guild's. A named prepared
 * statement: every write drops the cached queue and the next read runs this, which PostgreSQL took longer
 * to plan (0.6 ms) than to run (0.45 ms at 40 entries); prepared, each connection plans it once.
 */
export async function readQueue(db: DbOrTx, guildId: string, itemId: string) {
  const rows = await db
    .select({
      version: items.queueVersion,
      rankFirst: sql<boolean>`(select g.rank_first from guilds g where g.id = "items"."guild_id")`,
      ...entryColumns,
    })
    .from(items)
    .leftJoin(playerQueues, and(eq(playerQueues.itemId, items.id), eq(playerQueues.guildId, guildIdParam)))
    .leftJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(eq(items.guildId, guildIdParam), eq(items.id, itemIdParam)))
    .orderBy(asc(playerQueues.queuePosition))
    .prepare('lq_read_queue')
    .execute({ guildId, itemId })
  if (rows.length === 0) return undefined
  const entries = rows
    .filter((r) => r.id !== null)
    .map(({ version: _, rankFirst: __, ...entry }) => entry as EntryRow)
  return { version: rows[0]!.version, rankFirst: rows[0]!.rankFirst, entries }
}

export async function findEntryOfPlayer(db: DbOrTx, guildId: string, itemId: string, playerId: string) {
  const [row] = await db
    .select({ id: playerQueues.id, playerActive: players.isActive })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), eq(playerQueues.playerId, playerId)))
  return row
}

/** The last entry of the queue (hidden or not), or undefined when it is empty. */
export async function lastEntry(db: DbOrTx, guildId: string, itemId: string) {
  const [row] = await db
    .select({
      id: playerQueues.id,
      queuePosition: playerQueues.queuePosition,
      attendanceStatus: playerQueues.attendanceStatus,
      penaltyUntil: playerQueues.penaltyUntil,
    })
    .from(playerQueues)
    .where(inQueue(guildId, itemId))
    .orderBy(desc(playerQueues.queuePosition))
    .limit(1)
  return row as Pick<EntryRow, 'id' | 'queuePosition' | 'attendanceStatus' | 'penaltyUntil'> | undefined
}

/** KEY SHARE: a concurrent deletion of the player waits for us, or we see it gone (never an FK error). */
export async function findPlayerForQueue(tx: DbOrTx, guildId: string, playerId: string) {
  const [row] = await tx
    .select({ id: players.id, name: players.name, isActive: players.isActive })
    .from(players)
    .where(isGuildRow(players, guildId, playerId))
    .for('key share')
  return row
}

/** How many of `rankIds` are ranks of the guild (its rows share-locked against a delete meanwhile). */
export async function countGuildRanks(db: DbOrTx, guildId: string, rankIds: readonly string[]) {
  if (rankIds.length === 0) return 0
  const rows = await db
    .select({ id: guildRanks.id })
    .from(guildRanks)
    .where(and(eq(guildRanks.guildId, guildId), inArray(guildRanks.id, [...rankIds])))
    .for('key share')
  return rows.length
}

/**
 * Active players of the guild that have no entry in the item's queue, locked in the order of their ids; the
 * service puts them in name order (contract/names.ts).
 */
export async function activePlayersMissingFrom(
  db: DbOrTx,
  guildId: string,
  itemId: string,
  ranks?: readonly string[],
) {
  const rankIds = ranks?.filter((rank) => rank !== 'none') ?? []
  const ofRanks = ranks
    ? or(
        rankIds.length > 0 ? inArray(players.rankId, rankIds) : undefined,
        ranks.includes('none') ? isNull(players.rankId) : undefined,
      )
    : undefined
  return db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(
      and(
        eq(players.guildId, guildId),
        eq(players.isActive, true),
        ofRanks,
        notExists(
          db
            .select({ one: sql`1` })
            .from(playerQueues)
            // By (item, player) alone, the unique key's own columns: with the guild's column too, PGlite's
            // planner (no autovacuum, so statistics from when the guild was small) scanned the guild's
            // entries once per player, and the 20th add-all of a 3,000-player guild took 27 s. The item
            // is this guild's (locked by the caller) and the outer rows are this guild's players.
            .where(and(eq(playerQueues.itemId, itemId), eq(playerQueues.playerId, players.id))),
        ),
      ),
    )
    .orderBy(asc(players.id))
    .for('key share', { of: players })
}

export async function insertEntries(
  tx: DbOrTx,
  guildId: string,
  itemId: string,
  rows: { playerId: string; queuePosition: number }[],
  at: Date,
) {
  if (rows.length === 0) return []
  return tx
    .insert(playerQueues)
    .values(rows.map((row) => ({ guildId, itemId, ...row, createdAt: at, updatedAt: at })))
    .returning({ id: playerQueues.id })
}

/** The update of one entry's fields, not yet sent: awaited alone, or part of a larger statement. */
export async function deleteEntries(tx: DbOrTx, guildId: string, entryIds: string[]) {
  if (entryIds.length === 0) return
  await tx
    .delete(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), inArray(playerQueues.id, entryIds)))
}

/**
 * Writes new ordering keys in one statement (a re-sort passes every row whose key changes). Two array
 * parameters rather than two per row; the unique key per item is checked at the end of the statement.
 */
export async function writeKeys(tx: DbOrTx, guildId: string, changes: { id: string; key: number }[]) {
  if (changes.length === 0) return
  // Ids are uuids and keys integers: safe inside an array literal.
  const ids = `{${changes.map((c) => c.id).join(',')}}`
  const keys = `{${changes.map((c) => c.key).join(',')}}`
  await tx.execute(sql`
    update ${playerQueues} set queue_position = v.key
    from unnest(${ids}::uuid[], ${keys}::bigint[]) as v(id, key)
    where ${playerQueues.id} = v.id and ${playerQueues.guildId} = ${guildId}`)
}

/** Removes a player's entries from every queue; answers the items they were in. */
export async function deleteEntriesOfPlayer(tx: DbOrTx, guildId: string, playerId: string) {
  const rows = await tx
    .delete(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.playerId, playerId)))
    .returning({ itemId: playerQueues.itemId })
  return [...new Set(rows.map((r) => r.itemId))]
}

export async function itemIdsWithPlayer(db: DbOrTx, guildId: string, playerId: string) {
  const rows = await db
    .selectDistinct({ itemId: playerQueues.itemId })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.playerId, playerId)))
  return rows.map((r) => r.itemId)
}

/**
 * The guild's items whose queue has no entry of the player (hidden ones count: an entry is an entry), in id
 * order, the order queue writes lock items in. One statement whatever the number of items; by (item, player),
 * the unique key's own columns, as activePlayersMissingFrom looks for entries.
 */
export async function itemIdsWithoutPlayer(db: DbOrTx, guildId: string, playerId: string, among?: string[]) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.guildId, guildId),
        among ? inArray(items.id, among) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(playerQueues)
            .where(and(eq(playerQueues.itemId, items.id), eq(playerQueues.playerId, playerId))),
        ),
      ),
    )
    .orderBy(asc(items.id))
  return rows.map((r) => r.id)
}
