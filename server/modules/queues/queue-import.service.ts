import type { AttendanceStatus } from '../../../contract/enums'
import type { Tx } from '../../db/client'
import {
  type ImportedEntryRow,
  insertImportedEntries,
  lastPositions,
  lockItemsInOrder,
} from './queue-import.queries'
import { deleteUndo } from './queue-undo.queries'

// Queue entries an import adds (server/modules/imports), inside the import's transaction. The import
// locks the guild's items it touches first, through lockImportedItems, in the order every queue write
// uses (items by id, then players), so it serialises with queue actions and player deletions.

export type ImportedEntry = {
  playerId: string
  attendanceStatus: AttendanceStatus
  timesReceived: number
  timesAbsent: number
  penaltyUntil: Date | null
  penaltyNote: string | null
  createdAt: Date | null
}

/** Locks existing items (FOR UPDATE, id order); answers how many of them still exist. */
export async function lockImportedItems(tx: Tx, guildId: string, itemIds: string[]): Promise<number> {
  return (await lockItemsInOrder(tx, guildId, itemIds)).length
}

/**
 * Puts each item's new entries after its current ones, in the order given (positions stay 1..n). The
 * items' undo snapshots go: undoing the last queue action would otherwise delete the imported entries,
 * which the snapshot does not know.
 */
export async function appendImportedEntries(
  tx: Tx,
  guildId: string,
  queues: { itemId: string; entries: ImportedEntry[] }[],
  at: Date,
) {
  const itemIds = queues.map((q) => q.itemId)
  const last = await lastPositions(tx, guildId, itemIds)
  const rows: ImportedEntryRow[] = queues.flatMap(({ itemId, entries }) =>
    entries.map((entry, i) => ({
      itemId,
      ...entry,
      queuePosition: (last.get(itemId) ?? 0) + i + 1,
      createdAt: entry.createdAt ?? at,
      updatedAt: at,
    })),
  )
  await insertImportedEntries(tx, guildId, rows)
  await deleteUndo(tx, guildId, itemIds)
}
