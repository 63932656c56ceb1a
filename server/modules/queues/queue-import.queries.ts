import { and, asc, eq, inArray, max } from 'drizzle-orm'
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

/** 1,000 rows per statement: 11 parameters each stays far below PostgreSQL's 65,535. */
const BATCH = 1000

export async function insertImportedEntries(tx: DbOrTx, guildId: string, rows: ImportedEntryRow[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(playerQueues).values(rows.slice(i, i + BATCH).map((row) => ({ guildId, ...row })))
  }
}
