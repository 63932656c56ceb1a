import { UNDO_WINDOW_MINUTES, type QueueView } from '../../../contract/queues'
import type { DbOrTx } from '../../db/client'
import { isPenalized } from './queue-order'
import { findUndoSummary } from './queue-undo.queries'
import { type EntryRow, listEntries } from './queues.queries'

const UNDO_WINDOW_MS = UNDO_WINDOW_MINUTES * 60_000

/** When the item's last action stops being undoable. */
export function undoExpiresAt(actionAt: Date): Date {
  return new Date(actionAt.getTime() + UNDO_WINDOW_MS)
}

/** What a member sees: active players' entries only, numbered 1..n in queue order. */
export function toQueueView(
  itemId: string,
  entries: EntryRow[],
  undo: QueueView['undo'],
  now: Date,
): QueueView {
  return {
    itemId,
    entries: entries
      .filter((e) => e.playerActive)
      .map((e, index) => ({
        id: e.id,
        itemId: e.itemId,
        playerId: e.playerId,
        playerName: e.playerName,
        playerNotes: e.playerNotes,
        playerStatus: e.playerStatus,
        position: index + 1,
        attendanceStatus: e.attendanceStatus,
        timesReceived: e.timesReceived,
        timesAbsent: e.timesAbsent,
        penaltyUntil: e.penaltyUntil?.toISOString() ?? null,
        penaltyNote: e.penaltyNote,
        isPenalized: isPenalized(e, now),
        createdAt: e.createdAt.toISOString(),
      })),
    undo,
  }
}

export async function buildQueueView(db: DbOrTx, guildId: string, itemId: string, now: Date) {
  // One after the other: inside a transaction both share one connection.
  const entries = await listEntries(db, guildId, itemId)
  const undoRow = await findUndoSummary(db, guildId, itemId)
  const expiresAt = undoRow ? undoExpiresAt(undoRow.createdAt) : null
  const undo =
    undoRow && expiresAt && expiresAt > now
      ? { actionType: undoRow.actionType, expiresAt: expiresAt.toISOString() }
      : null
  return toQueueView(itemId, entries, undo, now)
}
