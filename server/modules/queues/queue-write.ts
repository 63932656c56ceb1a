import type { AuditAction } from '../../../contract/enums'
import type { QueueView } from '../../../contract/queues'
import type { Deps } from '../../app-env'
import type { Tx } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { announceQueueChange } from '../integrations/announce.service'
import { type QueueSnapshot, replaceUndo } from './queue-undo.queries'
import { buildQueueView, toQueueView, undoExpiresAt } from './queue-view'
import {
  type EntryRow,
  insertQueueAudit,
  type LockedItem,
  listEntries,
  lockItem,
  writePositions,
} from './queues.queries'

// The one way a queue changes: lock the item, read its queue, apply the change, renumber 1..n, keep the
// undo snapshot and write the audit row, all in one transaction; publish after the commit.

export type QueueActor = { guildId: string; userId: string }

export type QueueWriteContext = {
  tx: Tx
  item: LockedItem
  /** The whole queue before the change, in order (hidden entries included). */
  entries: EntryRow[]
  now: Date
  actor: QueueActor
}

export type QueueChange = {
  actionType: AuditAction
  /** The row the audit points at: the entry acted on, or the item for whole-queue actions. */
  record: { table: 'player_queues' | 'items'; id: string }
  description: string
  /** The new order of every remaining entry (ids), first to last; written as positions 1..n. */
  order: string[]
  /**
   * The remaining entries as they now are, in that order, when the write knows them in full: the answer
   * is then built from them instead of reading the queue again (a receipt on a 300-entry queue).
   */
  final?: EntryRow[]
  historyId?: string | null
  /** The change removed a loot history row (an undone "received"). */
  touchesHistory?: boolean
  /** The write already stored every position (the undo restores them itself). */
  positionsWritten?: boolean
  /** False for the undo itself: it consumes the snapshot instead of leaving one. */
  undoable?: boolean
  /** Why, as typed with the action: kept in the audit row. */
  note?: string | null
  /** The undo names the action it undid (its type and time), so its announcement can be corrected. */
  undoes?: { actionType: string; at: Date }
}

/** A write answers its change (null when nothing changed: no audit, no undo, no event) and a result. */
export type QueueWrite<T> = (ctx: QueueWriteContext) => Promise<{ change: QueueChange | null; result: T }>

const RETRYABLE = new Set(['40P01', '40001']) // deadlock detected, serialization failure

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } }
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code
  return typeof code === 'string' ? code : undefined
}

/** Runs a transaction again when PostgreSQL chose it as a deadlock victim. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      const code = pgCode(error)
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt))
    }
  }
}

export function snapshotOf(entries: EntryRow[]): QueueSnapshot {
  return {
    entries: entries.map((e) => ({
      id: e.id,
      playerId: e.playerId,
      queuePosition: e.queuePosition,
      attendanceStatus: e.attendanceStatus,
      timesReceived: e.timesReceived,
      timesAbsent: e.timesAbsent,
      penaltyUntil: e.penaltyUntil?.toISOString() ?? null,
      penaltyNote: e.penaltyNote,
      createdAt: e.createdAt.toISOString(),
    })),
  }
}

/** Writes positions 1..n for `order`, touching only rows whose stored position differs. */
export async function renumber(tx: Tx, guildId: string, before: EntryRow[], order: string[]) {
  const stored = new Map(before.map((e) => [e.id, e.queuePosition]))
  const changes = order
    .map((id, index) => ({ id, position: index + 1 }))
    .filter((c) => stored.get(c.id) !== c.position)
  await writePositions(tx, guildId, changes)
}

export async function runQueueWrite<T>(
  deps: Deps,
  actor: QueueActor,
  itemId: string,
  write: QueueWrite<T>,
): Promise<{ result: T; view: QueueView; changed: boolean }> {
  const { guildId } = actor
  const outcome = await withRetry(() =>
    deps.database.db.transaction(async (tx) => {
      const item = await lockItem(tx, guildId, itemId)
      if (!item) throw new AppError('NOT_FOUND')
      const now = deps.now()
      const entries = await listEntries(tx, guildId, itemId)
      const { change, result } = await write({ tx, item, entries, now, actor })
      let announced = false
      if (change) {
        if (!change.positionsWritten) await renumber(tx, guildId, entries, change.order)
        if (change.undoable !== false) {
          await replaceUndo(tx, {
            guildId,
            itemId,
            actionType: change.actionType,
            snapshot: snapshotOf(entries),
            historyId: change.historyId ?? null,
            userId: actor.userId,
            at: now,
          })
        }
        await insertQueueAudit(tx, {
          guildId,
          userId: actor.userId,
          actionType: change.actionType,
          tableName: change.record.table,
          recordId: change.record.id,
          description: change.description,
          note: change.note ?? null,
          at: now,
        })
        // Discord / webhook announcements join this transaction: a rolled-back change sends nothing.
        announced = await announceQueueChange(tx, deps.env.APP_URL, {
          ...change,
          guildId,
          userId: actor.userId,
          item,
          recordId: change.record.id,
          before: entries,
          note: change.note ?? null,
          at: now,
        })
      }
      const view = change?.final
        ? toQueueView(
            itemId,
            change.final,
            change.undoable === false
              ? null
              : { actionType: change.actionType, expiresAt: undoExpiresAt(now).toISOString() },
            now,
          )
        : await buildQueueView(tx, guildId, itemId, now)
      return {
        result,
        view,
        changed: change !== null,
        history: Boolean(change?.historyId || change?.touchesHistory),
        announced,
      }
    }),
  )
  if (outcome.changed) {
    await deps.realtime.publish({ guildId, topic: 'queues', itemId })
    if (outcome.history) await deps.realtime.publish({ guildId, topic: 'history', itemId })
    if (outcome.announced) deps.announcer.wake()
  }
  return outcome
}
