import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import type { AttendanceStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { items, playerQueues } from '../../db/schema'

// The SQL of queue entries written by an import (server/modules/imports). Filtered by guild like the rest.

/** FOR UPDATE in id order, as queue actions and player deletions lock items; answers the ids found. */
export async function lockItemsInOrder(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return []
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.guildId, guildId), inArray(items.id, itemIds)))
    .orderBy(asc(items.id))
    .for('update')
  return rows.map((r) => r.id)
}

/** The last position of each item's queue (items without entries are absent). */
export async function lastPositions(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, number>()
  const rows = await tx
    .select({ itemId: playerQueues.itemId, last: max(playerQueues.queuePosition) })
    .from(playerQueues)
    .where(and(eq(playerQueues.guildId, guildId), inArray(playerQueues.itemId, itemIds)))
    .groupBy(playerQueues.itemId)
  return new Map(rows.map((r) => [r.itemId, r.last ?? 0]))
}

export type ImportedEntryRow = {
  itemId: string
  playerId: string
  queuePosition: number
  attendanceStatus: AttendanceStatus
  timesReceived: number
  timesAbsent: number
  penaltyUntil: Date | null
  penaltyNote: string | null
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
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      })),
    )
    await tx.execute(sql`
      insert into ${playerQueues} (guild_id, item_id, player_id, queue_position, attendance_status,
        times_received, times_absent, penalty_until, penalty_note, created_at, updated_at)
      select ${guildId}::uuid, r.item_id, r.player_id, r.queue_position, r.attendance_status, r.times_received,
        r.times_absent, r.penalty_until, r.penalty_note, r.created_at, r.updated_at
      from json_to_recordset(${json}::json) as r(item_id uuid, player_id uuid, queue_position int,
        attendance_status text, times_received int, times_absent int, penalty_until timestamptz,
        penalty_note text, created_at timestamptz, updated_at timestamptz)`)
  }
}
