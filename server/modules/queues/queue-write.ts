import type { AuditAction } from '../../../contract/enums'
import type { QueueChange, QueueView, UndoOffer } from '../../../contract/queues'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import type { Tx } from '../../db/client'
import { AppError } from '../../lib/app-error'
import {
  announceQueueChange,
  queueAnnouncementTargets,
  type UndoneAction,
} from '../integrations/announce.service'
import { nextInLineOf } from '../overview/overview.service'
import { announcedNight } from '../raid-nights/night-recap'
import { findNightFields, runningNight } from '../raid-nights/raid-nights.queries'
import { type LockedItem, lockItem, lockItemOfEntry } from './queue-item.queries'
import type { OrderSpan } from './queue-order'
import { entryAfterWrite, shownBefore } from './queue-placement.queries'
import type { SnapshotEntry, UndoRecord } from './queue-undo-record'
import { buildQueueView, toPlacedEntry, undoExpiresAt } from './queue-view'
import { recordWrite } from './queue-write.queries'
import { type EntryRow, listEntries } from './queues.queries'

// The one way a queue changes: lock the item, apply the change, keep what undoes it, write the audit row
// and the realtime events, all in one transaction. A change touches the rows it is about; only the writes
// that need the whole queue read it. The actions on one entry (received, absent, not interested, penalty)
// run the same steps as one database function instead (queue-entries.service.ts,
// docs/decisions/001-queue-ordering.md).

/** Who writes: the guild, the user and their name (a write's undo names who acted). */
export type QueueActor = GuildActor

export type QueueWriteContext = {
  tx: Tx
  /** The locked item, with the queue's version and order span before this write. */
  item: LockedItem
  /** For a write addressed by entry id: that entry, locked after its item and read once locked. */
  entry?: EntryRow
  now: Date
  actor: QueueActor
  /** The whole queue in order, hidden entries included. Reads every entry: for writes that need them all. */
  readQueue: () => Promise<EntryRow[]>
}

export type QueueChangeRecord = {
  actionType: AuditAction
  /** The row the audit points at: the entry acted on, or the item for whole-queue actions. */
  record: { table: 'player_queues' | 'items'; id: string }
  description: string
  historyId?: string | null
  /** The change removed a loot history row (an undone "received"). */
  touchesHistory?: boolean
  /** What undoes it (queue-undo.queries.ts); null for the undo itself, which consumes the record. */
  undo: Omit<UndoRecord, 'span'> | null
  /** The queue's order span after the change. */
  span: OrderSpan
  /**
   * The answer: the entries placed (as they now are, each after the shown entry now before it) and the
   * ids removed; or the whole queue when the change rewrote the order.
   */
  answer: { placed: { entry: EntryRow; after: string | null }[]; removed: string[] } | 'queue'
  /** Why, as typed with the action: kept in the audit row. */
  note?: string | null
  /** The note is for officers only: marked on the audit row, never announced (decision 019). */
  notePrivate?: boolean
  /** The undo names the action it undid (its type and time), so its announcement can be corrected. */
  undoes?: UndoneAction
  /** How many entries it added (add all) or ordered (a drag), for its announcement. */
  count?: number
}

/** A write answers its change (null when nothing changed: no audit, no undo, no event) and a result. */
export type QueueWrite<T> = (
  ctx: QueueWriteContext,
) => Promise<{ change: QueueChangeRecord | null; result: T }>

/** The queue to lock: an item's, or the one an entry is in (gone: 404). */
export type QueueTarget = { itemId: string } | { entryId: string }

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

export function snapshotOf(entry: EntryRow): SnapshotEntry {
  return {
    id: entry.id,
    playerId: entry.playerId,
    queuePosition: entry.queuePosition,
    attendanceStatus: entry.attendanceStatus,
    timesReceived: entry.timesReceived,
    timesAbsent: entry.timesAbsent,
    penaltyUntil: entry.penaltyUntil?.toISOString() ?? null,
    penaltyNote: entry.penaltyNote,
    penaltyNotePrivate: entry.penaltyNotePrivate,
    createdAt: entry.createdAt.toISOString(),
  }
}

/** The entry a write addressed by entry id acts on (runQueueWrite found it under the lock, or said 404). */
export function addressedEntry(ctx: QueueWriteContext): EntryRow {
  if (!ctx.entry) throw new AppError('NOT_FOUND')
  return ctx.entry
}

export async function runQueueWrite<T>(
  deps: Deps,
  actor: QueueActor,
  target: QueueTarget,
  write: QueueWrite<T>,
): Promise<{ result: T; answer: QueueChange; changed: boolean }> {
  const outcome = await withRetry(() =>
    deps.database.db.transaction((tx) => queueWriteIn(tx, deps, actor, target, write)),
  )
  if (outcome.announced) deps.announcer.wake()
  return outcome
}

export type QueueWriteOutcome<T> = { result: T; answer: QueueChange; changed: boolean; announced: boolean }

/**
 * One queue write inside a transaction the caller holds (runQueueWrite's, or one that writes several queues
 * at once: addToEveryQueue). The caller retries a deadlock victim, and wakes the announcer when `announced`.
 */
export async function queueWriteIn<T>(
  tx: Tx,
  deps: Deps,
  actor: QueueActor,
  target: QueueTarget,
  write: QueueWrite<T>,
): Promise<QueueWriteOutcome<T>> {
  const { guildId } = actor
  const locked =
    'entryId' in target
      ? await lockItemOfEntry(tx, guildId, target.entryId)
      : { item: await lockItem(tx, guildId, target.itemId), entry: undefined }
  if (!locked?.item) throw new AppError('NOT_FOUND')
  const { item, entry } = locked
  const now = deps.now()
  // Announcements (Discord, webhooks) join this transaction. Only a guild that sends them pays for
  // its targets and the position the acted-on entry had before the write
  // (docs/decisions/011-integrations.md).
  const targets = item.announces ? await queueAnnouncementTargets(tx, guildId) : []
  const positionBefore =
    targets.length > 0 && entry?.playerActive
      ? (await shownBefore(tx, guildId, item.id, entry.queuePosition)) + 1
      : null
  const readQueue = () => listEntries(tx, guildId, item.id)
  const { change, result } = await write({ tx, item, entry, now, actor, readQueue })
  if (!change) {
    const queue = (await buildQueueView(tx, guildId, item.id, now))!
    return { result, answer: wholeQueue(queue), changed: false, announced: false }
  }
  // While a night runs, every queue action's activity row belongs to it (docs/product-rules.md, "Raid
  // nights"): an undo, a reorder, an add too, not only the entry actions (which find it in their statement).
  const night = await runningNight(tx, guildId, now)
  const version = await recordWrite(tx, {
    guildId,
    itemId: item.id,
    userId: actor.userId,
    at: now,
    eventId: night?.id ?? null,
    span: change.span,
    audit: {
      actionType: change.actionType,
      tableName: change.record.table,
      recordId: change.record.id,
      description: change.description,
      note: change.note ?? null,
      notePrivate: change.notePrivate ?? false,
    },
    undo: change.undo && {
      record: { ...change.undo, span: { sortedFrom: item.sortedFrom, sortedUntil: item.sortedUntil } },
      historyId: change.historyId ?? null,
    },
    historyChanged: Boolean(change.historyId || change.touchesHistory),
  })
  const onEntry = change.record.table === 'player_queues'
  const announced = await announceChange(tx, deps, targets, {
    actor,
    actionType: change.actionType,
    item,
    recordId: change.record.id,
    onEntry,
    note: change.note ?? null,
    notePrivate: change.notePrivate ?? false,
    undoes: change.undoes,
    at: now,
    playerName: entry?.playerName ?? null,
    positionBefore,
    count: change.count ?? null,
  })
  const undo = change.undo ? writtenUndoOffer(actor, change, entry, now) : null
  // A whole queue is read anyway: its undo, read back from the record just written, names everything.
  const answer: QueueChange =
    change.answer === 'queue'
      ? wholeQueueWith(undo, (await buildQueueView(tx, guildId, item.id, now))!)
      : {
          itemId: item.id,
          version,
          undo,
          queue: null,
          placed: change.answer.placed.map((p) => toPlacedEntry(p.entry, p.after, now)),
          removed: change.answer.removed,
        }
  return { result, answer, changed: true, announced }
}

/**
 * Writes a queue change's announcements in its transaction (docs/decisions/011-integrations.md). Where
 * the entry now is, as members see the queue, is read only when something is announced.
 */
export function announceChange(
  tx: Tx,
  deps: Deps,
  targets: Awaited<ReturnType<typeof queueAnnouncementTargets>>,
  change: {
    actor: QueueActor
    actionType: string
    item: { id: string; name: string; rarity: string | null }
    recordId: string
    /** The change is about one entry (recordId), not the whole queue. */
    onEntry: boolean
    note: string | null
    /** An officers-only note is never announced (docs/decisions/019-public-visibility.md). */
    notePrivate: boolean
    undoes?: UndoneAction
    at: Date
    /** The entry's player, should the entry be gone after the change. */
    playerName: string | null
    /** Where members saw the entry before the change (null when not counted). */
    positionBefore: number | null
    count: number | null
    /** The raid night running, which the action belongs to (an entry action knows it). */
    raidNightId?: string | null
  },
): Promise<boolean> {
  const { actor, item, recordId, onEntry } = change
  const nightId = change.raidNightId ?? null
  return announceQueueChange(tx, deps.env.APP_URL, targets, {
    guildId: actor.guildId,
    userId: actor.userId,
    actionType: change.actionType,
    item,
    recordId,
    note: change.notePrivate ? null : change.note,
    undoes: change.undoes,
    raidNightId: nightId,
    at: change.at,
    details: async () => {
      const after = onEntry ? await entryAfterWrite(tx, actor.guildId, item.id, recordId) : undefined
      // An award names who is next after it: during a night, among those here.
      const award = change.actionType === 'ITEM_RECEIVED'
      return {
        playerName: after?.playerName ?? change.playerName,
        previousPosition: onEntry ? change.positionBefore : null,
        newPosition: after?.position ?? null,
        penaltyUntil: after?.penaltyUntil ?? null,
        count: change.count,
        nextInLine: award ? await nextInLineOf(tx, actor.guildId, item.id, change.at, nightId) : null,
        night: nightId ? await nightOf(tx, actor.guildId, nightId) : null,
      }
    },
  })
}

/** The night an announced action belongs to (found: the action's own transaction linked it). */
const nightOf = async (tx: Tx, guildId: string, nightId: string) =>
  announcedNight((await findNightFields(tx, guildId, nightId))!)

/**
 * The undo a write's own answer offers, as the queue's read will say it (queue-view.ts): its player (the entry
 * acted on, or the one it added), for "add all" how many joined, and who acted.
 */
function writtenUndoOffer(
  actor: QueueActor,
  change: QueueChangeRecord,
  entry: EntryRow | undefined,
  now: Date,
): UndoOffer {
  const placed = change.answer === 'queue' ? [] : change.answer.placed
  const acted =
    change.record.table === 'player_queues'
      ? (entry ?? placed.find((p) => p.entry.id === change.record.id)?.entry)
      : undefined
  return {
    actionType: change.actionType,
    expiresAt: undoExpiresAt(now).toISOString(),
    playerName: acted?.playerName ?? null,
    count: change.actionType === 'QUEUE_ADD_ALL' ? (change.count ?? null) : null,
    actorUserId: actor.userId,
    actorName: actor.name,
  }
}

const wholeQueueWith = (undo: UndoOffer | null, view: QueueView) =>
  wholeQueue({ ...view, undo: undo && (view.undo ?? undo) })

export function wholeQueue(queue: QueueChange['queue'] & object): QueueChange {
  return { itemId: queue.itemId, version: queue.version, undo: queue.undo, queue, placed: [], removed: [] }
}
