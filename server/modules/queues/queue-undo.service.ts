import type { Deps } from '../../app-env'
import { AppError } from '../../lib/app-error'
import {
  deleteHistory,
  deleteUndo,
  existingPlayerIds,
  findUndo,
  type SnapshotEntry,
  upsertEntries,
} from './queue-undo.queries'
import { undoExpiresAt } from './queue-view'
import { type QueueActor, runQueueWrite } from './queue-write'
import { deleteEntries, type EntryRow } from './queues.queries'

function sameEntry(current: EntryRow, saved: SnapshotEntry): boolean {
  return (
    current.queuePosition === saved.queuePosition &&
    current.attendanceStatus === saved.attendanceStatus &&
    current.timesReceived === saved.timesReceived &&
    current.timesAbsent === saved.timesAbsent &&
    (current.penaltyUntil?.toISOString() ?? null) === saved.penaltyUntil &&
    current.penaltyNote === saved.penaltyNote
  )
}

/**
 * Puts the item's queue back exactly as it was before its last action (entries, positions, statuses,
 * counters, penalties), deletes the history row that action wrote, and is itself audited. One undo per
 * action, within UNDO_WINDOW_MINUTES of it; an undo cannot be undone.
 */
export async function undoLastAction(deps: Deps, actor: QueueActor, itemId: string) {
  const { guildId } = actor
  const { view } = await runQueueWrite(deps, actor, itemId, async ({ tx, item, entries, now }) => {
    const undo = await findUndo(tx, guildId, itemId)
    // Two answers a person can act on: nothing was done (or it was already undone) vs. too late.
    if (!undo) throw new AppError('NOTHING_TO_UNDO')
    if (undoExpiresAt(undo.createdAt) <= now) throw new AppError('UNDO_EXPIRED')
    const saved = undo.snapshot.entries.toSorted((a, b) => a.queuePosition - b.queuePosition)
    // A player deleted since then cannot come back; the rest closes ranks (deletion drops snapshots anyway).
    const alive = await existingPlayerIds(
      tx,
      guildId,
      saved.map((e) => e.playerId),
    )
    const restored = saved
      .filter((e) => alive.has(e.playerId))
      .map((e, i) => ({ ...e, queuePosition: i + 1 }))
    const keep = new Set(restored.map((e) => e.id))
    await deleteEntries(
      tx,
      guildId,
      entries.filter((e) => !keep.has(e.id)).map((e) => e.id),
    )
    const current = new Map(entries.map((e) => [e.id, e]))
    const differing = restored.filter((e) => {
      const stored = current.get(e.id)
      return !stored || !sameEntry(stored, e)
    })
    await upsertEntries(tx, guildId, itemId, differing, now)
    if (undo.historyId) await deleteHistory(tx, guildId, undo.historyId)
    await deleteUndo(tx, guildId, [itemId])
    return {
      change: {
        actionType: 'QUEUE_UNDO',
        record: { table: 'items', id: itemId },
        description: `${item.name} · ${undo.actionType}`,
        order: restored.map((e) => e.id),
        undoable: false,
        positionsWritten: true,
        touchesHistory: Boolean(undo.historyId),
        undoes: { actionType: undo.actionType, at: undo.createdAt },
      },
      result: null,
    }
  })
  return view
}
