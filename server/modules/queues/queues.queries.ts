import { and, asc, eq, inArray, max, notExists, sql } from 'drizzle-orm'
import type { AttendanceStatus, PlayerStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { auditLogs, items, playerQueues, players } from '../../db/schema'

// The SQL of queues. Every function filters by guild: another guild's ids are simply not found.

const entryColumns = {
  id: playerQueues.id,
  itemId: playerQueues.itemId,
  playerId: playerQueues.playerId,
  queuePosition: playerQueues.queuePosition,
  attendanceStatus: playerQueues.attendanceStatus,
  timesReceived: playerQueues.timesReceived,
  timesAbsent: playerQueues.timesAbsent,
  penaltyUntil: playerQueues.penaltyUntil,
  penaltyNote: playerQueues.penaltyNote,
  createdAt: playerQueues.createdAt,
  playerName: players.name,
  playerNotes: players.notes,
  playerStatus: players.playerStatus,
  playerActive: players.isActive,
}

export type EntryRow = {
  id: string
  itemId: string
  playerId: string
  queuePosition: number
  attendanceStatus: AttendanceStatus
  timesReceived: number
  timesAbsent: number
  penaltyUntil: Date | null
  penaltyNote: string | null
  createdAt: Date
  playerName: string
  playerNotes: string | null
  playerStatus: PlayerStatus
  playerActive: boolean
}

/** The item's whole queue (hidden entries of inactive players included), in queue order. */
export async function listEntries(db: DbOrTx, guildId: string, itemId: string): Promise<EntryRow[]> {
  const rows = await db
    .select(entryColumns)
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.itemId, itemId)))
    .orderBy(asc(playerQueues.queuePosition), asc(playerQueues.createdAt), asc(playerQueues.id))
  return rows as EntryRow[]
}

export async function findEntryItemId(db: DbOrTx, guildId: string, entryId: string) {
  const [row] = await db
    .select({ itemId: playerQueues.itemId })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.id, entryId)))
  return row?.itemId
}

export async function findItem(db: DbOrTx, guildId: string, itemId: string) {
  const [row] = await db
    .select({ id: items.id, name: items.name, rarity: items.rarity, itemType: items.itemType })
    .from(items)
    .where(and(eq(items.guildId, guildId), eq(items.id, itemId)))
  return row
}

/** Serialises every write to one item's queue: the first statement of each queue transaction. */
export async function lockItem(tx: DbOrTx, guildId: string, itemId: string) {
  const [row] = await tx
    .select({ id: items.id, name: items.name, rarity: items.rarity, itemType: items.itemType })
    .from(items)
    .where(and(eq(items.guildId, guildId), eq(items.id, itemId)))
    .for('update')
  return row
}

export type LockedItem = NonNullable<Awaited<ReturnType<typeof lockItem>>>

/** Locks several items in id order, so two such transactions cannot deadlock each other. */
export async function lockItems(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return
  await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.guildId, guildId), inArray(items.id, itemIds)))
    .orderBy(asc(items.id))
    .for('update')
}

/** KEY SHARE: a concurrent deletion of the player waits for us, or we see it gone (never an FK error). */
export async function findPlayerForQueue(tx: DbOrTx, guildId: string, playerId: string) {
  const [row] = await tx
    .select({ id: players.id, name: players.name, isActive: players.isActive })
    .from(players)
    .where(and(eq(players.guildId, guildId), eq(players.id, playerId)))
    .for('key share')
  return row
}

/** Active players of the guild that have no entry in the item's queue, by name. */
export async function activePlayersMissingFrom(db: DbOrTx, guildId: string, itemId: string) {
  return db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(
      and(
        eq(players.guildId, guildId),
        eq(players.isActive, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(playerQueues)
            .where(
              and(
                eq(playerQueues.guildId, guildId),
                eq(playerQueues.itemId, itemId),
                eq(playerQueues.playerId, players.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${players.name})`), asc(players.name), asc(players.id))
    .for('key share', { of: players })
}

export async function maxPosition(db: DbOrTx, guildId: string, itemId: string): Promise<number> {
  const [row] = await db
    .select({ value: max(playerQueues.queuePosition) })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.itemId, itemId)))
  return row?.value ?? 0
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

export type EntryFields = {
  attendanceStatus?: AttendanceStatus
  timesReceived?: number
  timesAbsent?: number
  penaltyUntil?: Date | null
  penaltyNote?: string | null
}

export async function updateEntry(
  tx: DbOrTx,
  guildId: string,
  entryId: string,
  fields: EntryFields,
  at: Date,
) {
  await tx
    .update(playerQueues)
    .set({ ...fields, updatedAt: at })
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.id, entryId)))
}

export async function deleteEntries(tx: DbOrTx, guildId: string, entryIds: string[]) {
  if (entryIds.length === 0) return
  await tx
    .delete(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), inArray(playerQueues.id, entryIds)))
}

/**
 * Writes new positions in one statement (only the rows whose position changed are passed). Two array
 * parameters rather than two per row: a receipt at the head of a 300-entry queue moves every row.
 */
export async function writePositions(
  tx: DbOrTx,
  guildId: string,
  changes: { id: string; position: number }[],
) {
  if (changes.length === 0) return
  // Ids are uuids and positions integers: safe inside an array literal.
  const ids = `{${changes.map((c) => c.id).join(',')}}`
  const positions = `{${changes.map((c) => c.position).join(',')}}`
  await tx.execute(sql`
    update ${playerQueues} set queue_position = v.position
    from unnest(${ids}::uuid[], ${positions}::int[]) as v(id, position)
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

/** Closes the gaps a removal left: positions 1..n again in each item, order kept. */
export async function renumberItems(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return
  await tx.execute(sql`
    update ${playerQueues} set queue_position = r.position
    from (
      select id, row_number() over (partition by item_id order by queue_position, created_at, id)::int as position
      from ${playerQueues}
      where ${playerQueues.guildId} = ${guildId} and ${inArray(playerQueues.itemId, itemIds)}
    ) as r
    where ${playerQueues.id} = r.id and ${playerQueues.queuePosition} <> r.position`)
}

export async function itemIdsWithPlayer(db: DbOrTx, guildId: string, playerId: string) {
  const rows = await db
    .selectDistinct({ itemId: playerQueues.itemId })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.playerId, playerId)))
  return rows.map((r) => r.itemId)
}

export async function insertQueueAudit(
  tx: DbOrTx,
  row: {
    guildId: string
    userId: string
    actionType: string
    tableName: string
    recordId: string
    description: string
    note: string | null
    at: Date
  },
) {
  await tx.insert(auditLogs).values({
    guildId: row.guildId,
    userId: row.userId,
    actionType: row.actionType,
    tableName: row.tableName,
    recordId: row.recordId,
    description: row.description,
    note: row.note,
    createdAt: row.at,
  })
}
