import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import {
  auditLogs,
  lootHistory,
  playerQueues,
  players,
  profiles,
  queueUndo,
  raidNights,
} from '../../db/schema'
import { decodeUndo, type SnapshotEntry, type StoredV1, type StoredV2 } from './queue-undo-record'
import { inQueue } from './queues.queries'
import { nightFields } from '../raid-nights/raid-nights.queries'

// Undo records, and the loot history row an undone receipt takes away.

export async function findUndo(db: DbOrTx, guildId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(queueUndo)
    .where(and(eq(queueUndo.guildId, guildId), eq(queueUndo.itemId, itemId)))
  return row ? { ...row, record: decodeUndo(row.snapshot as StoredV1 | StoredV2) } : undefined
}

/**
 * What the queue view shows of the undoable action without decoding its record: its player (named by the
 * record, lq_finish_queue_write), who acted (their display name while they are a member), and for "add all"
 * how many it added (the entries its record creates, which the undo removes). Look-ups by key only: the
 * queue's read is cached and remade after every write.
 */
export async function findUndoSummary(db: DbOrTx, guildId: string, itemId: string) {
  const [row] = await db
    .select({
      actionType: queueUndo.actionType,
      createdAt: queueUndo.createdAt,
      actorUserId: queueUndo.userId,
      actorName: profiles.displayName,
      playerName: players.name,
      count: sql<number | null>`case when ${queueUndo.actionType} = 'QUEUE_ADD_ALL'
        then jsonb_array_length(${queueUndo.snapshot} -> 'c') end`.mapWith(Number),
    })
    .from(queueUndo)
    .leftJoin(profiles, and(eq(profiles.userId, queueUndo.userId), eq(profiles.guildId, queueUndo.guildId)))
    .leftJoin(players, and(eq(players.guildId, queueUndo.guildId), eq(players.id, queueUndo.playerId)))
    .where(and(eq(queueUndo.guildId, guildId), eq(queueUndo.itemId, itemId)))
  return row
}

export async function deleteUndo(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return
  await tx.delete(queueUndo).where(and(eq(queueUndo.guildId, guildId), inArray(queueUndo.itemId, itemIds)))
}

/** Players of the guild that still exist among `ids` (a snapshot may name a deleted one), with their names. */
export async function existingPlayers(db: DbOrTx, guildId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(and(eq(players.guildId, guildId), inArray(players.id, ids)))
  return new Map(rows.map((r) => [r.id, r.name]))
}

/**
 * The entry an undone action acted on, among `entryIds` (the entries its record puts back): its activity row
 * was written at the record's time, with the entry as its record. None for a whole-queue action (a reorder).
 */
export async function undoneEntryId(
  db: DbOrTx,
  guildId: string,
  undone: { actionType: string; createdAt: Date },
  entryIds: string[],
) {
  if (entryIds.length === 0) return null
  const [row] = await db
    .select({ recordId: auditLogs.recordId })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.guildId, guildId),
        eq(auditLogs.createdAt, undone.createdAt),
        eq(auditLogs.actionType, undone.actionType),
        eq(auditLogs.tableName, 'player_queues'),
        inArray(auditLogs.recordId, entryIds),
      ),
    )
    .limit(1)
  return row?.recordId ?? null
}

/** The rows an award during a night writes for the players it passed over (lq_queue_entry_action.sql). */
const PASS_ACTIONS = ['PLAYER_PASSED', 'PLAYER_PASSED_ABSENT']

/**
 * Marks the activity rows of the action an undo takes back as undone (`audit_logs.undone_at`), so the log
 * says so (docs/product-rules.md, "Undo"): the action's own row, found as undoneEntryId finds it (the time and
 * type of the undo record, its record the item or an entry the record holds: `entryIds`, the entries it puts
 * back or removes), and for an award its passes: the rows of that time on entries of this item (a kept
 * place's entry did not move, so the record does not hold it). Once marked, a kept place no longer counts
 * as logged that night, and the next award that passes the player logs it again. The award writes nothing
 * more for this: its rows are found by their time, the guild's date index, and each pass's entry by its key.
 * Two actions on one item stamped with the same millisecond would be marked together (undoneEntryId has the
 * same limit): the undo record keeps the action's time, not its rows.
 */
export async function markUndone(
  tx: DbOrTx,
  guildId: string,
  itemId: string,
  undone: { actionType: string; createdAt: Date },
  entryIds: string[],
  at: Date,
) {
  // Uuids only: safe inside an array literal (one parameter, whatever the record's size).
  const records = `{${[itemId, ...entryIds].join(',')}}`
  const ownRow = and(
    eq(auditLogs.actionType, undone.actionType),
    sql`${auditLogs.recordId} = any(${records}::text[])`,
  )
  // The entry by its key; the cast only where the record is an entry (other rows' records need not be uuids).
  const passes =
    undone.actionType === 'ITEM_RECEIVED'
      ? and(
          inArray(auditLogs.actionType, PASS_ACTIONS),
          sql`exists (select from ${playerQueues} q where q.guild_id = ${guildId} and q.item_id = ${itemId}
            and q.id = (case when ${auditLogs.tableName} = 'player_queues' then ${auditLogs.recordId} end)::uuid)`,
        )
      : undefined
  await tx
    .update(auditLogs)
    .set({ undoneAt: at })
    .where(
      and(
        eq(auditLogs.guildId, guildId),
        eq(auditLogs.createdAt, undone.createdAt),
        isNull(auditLogs.undoneAt),
        or(ownRow, passes),
      ),
    )
}

/**
 * Puts rows back as they were: missing ones are re-created with their old ids, the others overwritten.
 * Keys may pass through one another on the way (checked at the end of the statement).
 */
export async function upsertEntries(
  tx: DbOrTx,
  guildId: string,
  itemId: string,
  entries: SnapshotEntry[],
  at: Date,
) {
  if (entries.length === 0) return
  await tx
    .insert(playerQueues)
    .values(
      entries.map((e) => ({
        id: e.id,
        guildId,
        itemId,
        playerId: e.playerId,
        queuePosition: e.queuePosition,
        attendanceStatus: e.attendanceStatus,
        timesReceived: e.timesReceived,
        timesAbsent: e.timesAbsent,
        penaltyUntil: e.penaltyUntil ? new Date(e.penaltyUntil) : null,
        penaltyNote: e.penaltyNote,
        penaltyNotePrivate: e.penaltyNotePrivate,
        createdAt: new Date(e.createdAt),
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: playerQueues.id,
      set: {
        queuePosition: sql`excluded.queue_position`,
        attendanceStatus: sql`excluded.attendance_status`,
        timesReceived: sql`excluded.times_received`,
        timesAbsent: sql`excluded.times_absent`,
        penaltyUntil: sql`excluded.penalty_until`,
        penaltyNote: sql`excluded.penalty_note`,
        penaltyNotePrivate: sql`excluded.penalty_note_private`,
        updatedAt: sql`excluded.updated_at`,
      },
      // Never let a snapshot touch a row of another item or guild.
      setWhere: inQueue(guildId, itemId),
    })
}

/**
 * The night of an award that is no longer active (completed, or archived after it): its recap went out when
 * it was completed (raid-nights.service.ts). Undefined for an award outside a night or in one still active.
 */
export async function recappedNightOf(db: DbOrTx, guildId: string, historyId: string) {
  const [row] = await db
    .select({
      night: nightFields,
      playerName: lootHistory.playerName,
      notes: lootHistory.notes,
      notesPrivate: lootHistory.notesPrivate,
    })
    .from(lootHistory)
    .innerJoin(
      raidNights,
      and(eq(raidNights.guildId, lootHistory.guildId), eq(raidNights.id, lootHistory.eventId)),
    )
    .where(
      and(isGuildRow(lootHistory, guildId, historyId), inArray(raidNights.status, ['completed', 'archived'])),
    )
  return row
}

export async function deleteHistory(tx: DbOrTx, guildId: string, historyId: string) {
  await tx.delete(lootHistory).where(isGuildRow(lootHistory, guildId, historyId))
}
