import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { items, playerQueues } from '../../db/schema'
import { type EntryState, inQueue } from './queues.queries'

// The SQL of queue entries written by an import (server/modules/imports). Filtered by guild like the rest.

/** The last ordering key of each item's queue (items without entries are absent). */
export async function lastKeys(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, number>()
  const rows = await tx
    .select({ itemId: playerQueues.itemId, last: max(playerQueues.queuePosition) })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), inArray(playerQueues.itemId, itemIds)))
    .groupBy(playerQueues.itemId)
  return new Map(rows.map((r) => [r.itemId, Number(r.last)]))
}

/** An item's entries in queue order (ids only), to space their keys again. */
export async function entryIdsInOrder(tx: DbOrTx, guildId: string, itemId: string) {
  const rows = await tx
    .select({ id: playerQueues.id })
    .from(playerQueues)
    .where(inQueue(guildId, itemId))
    .orderBy(asc(playerQueues.queuePosition))
  return rows.map((r) => r.id)
}

/**
 * Queues an import appended to: their clients read them again (new version), and their stored order is no
 * longer known to be sorted (the imported entries come with any status and penalty), so the next rule
 * action sorts the whole queue (docs/decisions/001-queue-ordering.md).
 */
export async function markQueuesAppended(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return
  await tx
    .update(items)
    .set({ queueVersion: sql`${items.queueVersion} + 1`, queueSortedFrom: null, queueSortedUntil: null })
    .where(and(eq(items.guildId, guildId), inArray(items.id, itemIds)))
}

export type ImportedEntryRow = EntryState & {
  itemId: string
  playerId: string
  queuePosition: number
  createdAt: Date
  updatedAt: Date
}

/** Rows per statement, as one JSON document PostgreSQL unpacks (json_to_recordset), not 11 parameters a row. */
const BATCH = 5000

export async function insertImportedEntries(tx: DbOrTx, guildId: string, rows: ImportedEntryRow[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((r) => ({
        item_id: r.itemId,
        player_id: r.playerId,
        queue_position: r.queuePosition,
        attendance_status: r.attendanceStatus,
        times_received: r.timesReceived,
        times_absent: r.timesAbsent,
        penalty_until: r.penaltyUntil?.toISOString() ?? null,
        penalty_note: r.penaltyNote,
        penalty_note_private: r.penaltyNotePrivate,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      })),
    )
    await tx.execute(sql`
      insert into ${playerQueues} (guild_id, item_id, player_id, queue_position, attendance_status,
        times_received, times_absent, penalty_until, penalty_note, penalty_note_private, created_at, updated_at)
      select ${guildId}::uuid, r.item_id, r.player_id, r.queue_position, r.attendance_status, r.times_received,
        r.times_absent, r.penalty_until, r.penalty_note, r.penalty_note_private, r.created_at, r.updated_at
      from json_to_recordset(${json}::json) as r(item_id uuid, player_id uuid, queue_position bigint,
        attendance_status text, times_received int, times_absent int, penalty_until timestamptz,
        penalty_note text, penalty_note_private boolean, created_at timestamptz, updated_at timestamptz)`)
  }
}
