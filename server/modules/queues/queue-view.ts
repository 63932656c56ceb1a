import type { PlacedEntry, QueueEntry, QueueView } from '../../../contract/queues'
import type { DbOrTx } from '../../db/client'
import { isPenalized } from './queue-order'
import { findUndoSummary } from './queue-undo.queries'
import { type EntryRow, readQueue } from './queues.queries'
import { UNDO_WINDOW_MINUTES } from '../../../contract/queue-limits'

const UNDO_WINDOW_MS = UNDO_WINDOW_MINUTES * 60_000

/** When the item's last action stops being undoable. */
export function undoExpiresAt(actionAt: Date): Date {
  return new Date(actionAt.getTime() + UNDO_WINDOW_MS)
}

/** An entry as a member sees it, but for its position (which depends on every entry before it). */
function toEntry(e: EntryRow, now: Date): Omit<QueueEntry, 'position'> {
  return {
    id: e.id,
    itemId: e.itemId,
    playerId: e.playerId,
    playerName: e.playerName,
    playerNotes: e.playerNotes,
    playerStatus: e.playerStatus,
    attendanceStatus: e.attendanceStatus,
    timesReceived: e.timesReceived,
    timesAbsent: e.timesAbsent,
    penaltyUntil: e.penaltyUntil?.toISOString() ?? null,
    penaltyNote: e.penaltyNote,
    penaltyNotePrivate: e.penaltyNotePrivate,
    isPenalized: isPenalized(e, now),
    rankLevel: e.rankLevel,
    belowMinimumRank: e.belowMinimumRank,
    createdAt: e.createdAt.toISOString(),
  }
}

export function toPlacedEntry(entry: EntryRow, after: string | null, now: Date): PlacedEntry {
  return { entry: toEntry(entry, now), after }
}

/** What a member sees: active players' entries only, numbered 1..n in queue order. */
export function toQueueView(
  itemId: string,
  version: number,
  entries: EntryRow[],
  undo: QueueView['undo'],
  now: Date,
  rankFirst: boolean,
): QueueView {
  return {
    itemId,
    version,
    entries: entries
      .filter((e) => e.playerActive)
      .map((e, index) => ({ ...toEntry(e, now), position: index + 1 })),
    undo,
    rankFirst,
  }
}

/** The queue as a member sees it, with its version and undoable action; undefined: no such item. */
export async function buildQueueView(
  db: DbOrTx,
  guildId: string,
  itemId: string,
  now: Date,
): Promise<QueueView | undefined> {
  // One after the other: inside a transaction both share one connection.
  const queue = await readQueue(db, guildId, itemId)
  if (!queue) return undefined
  const undoRow = await findUndoSummary(db, guildId, itemId)
  const expiresAt = undoRow ? undoExpiresAt(undoRow.createdAt) : null
  const undo =
    undoRow && expiresAt && expiresAt > now
      ? {
          actionType: undoRow.actionType,
          expiresAt: expiresAt.toISOString(),
          playerName: undoRow.playerName,
          count: undoRow.count,
          actorUserId: undoRow.actorUserId,
          actorName: undoRow.actorName,
        }
      : null
  return toQueueView(itemId, queue.version, queue.entries, undo, now, queue.rankFirst)
}
