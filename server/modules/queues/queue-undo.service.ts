import type { Deps } from '../../deps'
import { announcedNight } from '../raid-nights/night-recap'
import { AppError } from '../../lib/app-error'
import {
  deleteHistory,
  deleteUndo,
  existingPlayers,
  findUndo,
  markUndone,
  recappedNightOf,
  undoneEntryId,
  upsertEntries,
} from './queue-undo.queries'
import type { SnapshotEntry } from './queue-undo-record'
import { undoExpiresAt } from './queue-view'
import { type QueueActor, runQueueWrite } from './queue-write'
import { deleteEntries, type EntryRow } from './queues.queries'

function sameEntry(current: EntryRow | undefined, saved: SnapshotEntry): boolean {
  return (
    current !== undefined &&
    current.queuePosition === saved.queuePosition &&
    current.attendanceStatus === saved.attendanceStatus &&
    current.timesReceived === saved.timesReceived &&
    current.timesAbsent === saved.timesAbsent &&
    (current.penaltyUntil?.toISOString() ?? null) === saved.penaltyUntil &&
    current.penaltyNote === saved.penaltyNote &&
    current.penaltyNotePrivate === saved.penaltyNotePrivate
  )
}

/**
 * Puts the item's queue back exactly as it was before its last action (entries, order, statuses, counters,
 * penalties, and whether its order was known to be sorted), deletes the history row that action wrote, and
 * is itself audited. One undo per action, within UNDO_WINDOW_MINUTES of it; an undo cannot be undone.
 * Nothing else wrote the queue since that action (any other write replaces or drops its record), so the
 * rows it changed, put back with their old keys, restore the order; the others never moved.
 * `queueVersion`: the version of the queue whose last action the member chose to undo; refused
 * (UNDO_SUPERSEDED) when another action came since, which the undo would take back instead: the chosen one is
 * no longer the last, so it can never be undone (not QUEUE_CHANGED, whose "try again" would mislead: an
 * outside tester retried in vain). Null: unchecked.
 * `afterRecap`: the member knows the award is in a completed night's recap (UNDO_AFTER_RECAP otherwise).
 */
export async function undoLastAction(
  deps: Deps,
  actor: QueueActor,
  itemId: string,
  options: { queueVersion?: number | null; afterRecap?: boolean } = {},
) {
  const { guildId } = actor
  const queueVersion = options.queueVersion ?? null
  const { answer } = await runQueueWrite(deps, actor, { itemId }, async (ctx) => {
    const { tx, item, now } = ctx
    if (queueVersion !== null && item.queueVersion !== queueVersion) throw new AppError('UNDO_SUPERSEDED')
    const undo = await findUndo(tx, guildId, itemId)
    // Two answers a person can act on: nothing was done (or it was already undone) vs. too late.
    if (!undo) throw new AppError('NOTHING_TO_UNDO')
    if (undoExpiresAt(undo.createdAt) <= now) throw new AppError('UNDO_EXPIRED')
    // The recap of a completed night already told the guild of this award: said before it is taken back (an
    // outside tester undid one unwarned, and the night then disagreed with the recap its channel had).
    const recapped = undo.historyId ? await recappedNightOf(tx, guildId, undo.historyId) : undefined
    if (recapped && !options.afterRecap)
      throw new AppError('UNDO_AFTER_RECAP', { vars: { night: recapped.night.name } })
    const { before, created, full, span } = undo.record
    // A player deleted since then cannot come back (deleting a player drops its items' records anyway).
    const alive = await existingPlayers(
      tx,
      guildId,
      before.map((e) => e.playerId),
    )
    const restored = before.filter((e) => alive.has(e.playerId))
    // Whose action it took back, named in its activity row: the undo moves the whole queue back, so every
    // player's page lists it, and there it must say it was that player's action (docs/product-rules.md).
    const undoneEntry = await undoneEntryId(
      tx,
      guildId,
      undo,
      restored.map((e) => e.id),
    )
    const undonePlayer = alive.get(restored.find((e) => e.id === undoneEntry)?.playerId ?? '')
    // The log says the action (and an award's passes) was undone, on its own rows.
    await markUndone(tx, guildId, itemId, undo, [...before.map((e) => e.id), ...created], now)
    if (full) {
      // The action rewrote the whole queue: whatever is not in the record goes, the rest is compared.
      const entries = await ctx.readQueue()
      const keep = new Set(restored.map((e) => e.id))
      await deleteEntries(
        tx,
        guildId,
        entries.filter((e) => !keep.has(e.id)).map((e) => e.id),
      )
      const current = new Map(entries.map((e) => [e.id, e]))
      await upsertEntries(
        tx,
        guildId,
        itemId,
        restored.filter((e) => !sameEntry(current.get(e.id), e)),
        now,
      )
    } else {
      await deleteEntries(tx, guildId, created)
      await upsertEntries(tx, guildId, itemId, restored, now)
    }
    if (undo.historyId) await deleteHistory(tx, guildId, undo.historyId)
    await deleteUndo(tx, guildId, [itemId])
    return {
      change: {
        actionType: 'QUEUE_UNDO',
        record: { table: 'items', id: itemId },
        // "item · ACTION", or "item · player · ACTION" when the action was on one player's entry.
        description: [item.name, undonePlayer, undo.actionType].filter(Boolean).join(' · '),
        touchesHistory: Boolean(undo.historyId),
        // The recap's channels are told the award it listed was undone (announce.service.ts correctUndone).
        undoes: {
          actionType: undo.actionType,
          at: undo.createdAt,
          recapped: recapped && {
            night: announcedNight(recapped.night),
            playerName: recapped.playerName,
            note: recapped.notesPrivate ? null : recapped.notes,
          },
        },
        undo: null,
        span,
        answer: 'queue',
      },
      result: null,
    }
  })
  return answer
}
