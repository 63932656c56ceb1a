import type { QueueChange } from '../../../contract/queues'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { queueAnnouncementTargets } from '../integrations/announce.service'
import { buildQueueView, toPlacedEntry, undoExpiresAt } from './queue-view'
import { announceChange, type QueueActor, wholeQueue, withRetry } from './queue-write'
import { type EntryActionDone, type EntryActionKind, entryAction } from './queue-write.queries'

// Actions on one entry: received, absent, the not-interested toggle, a penalty set or removed. Each
// changes the entry's fields and moves it to the end of its group, with its history, audit and undo rows,
// in ONE statement: the database function lq_queue_entry_action (server/db/functions/, decision 001). A guild
// that sends announcements runs that statement inside a transaction that also writes them.

async function actOnEntry(deps: Deps, actor: QueueActor, entryId: string, action: EntryActionKind) {
  const now = deps.now()
  const input = { ...action, ...actor, entryId, now }
  const { db } = deps.database
  const { done, announced } = await withRetry(async () => {
    const alone = await entryAction(db, input, false)
    if (!('announces' in alone)) return { done: alone, announced: false }
    return db.transaction(async (tx) => {
      const done = await entryAction(tx, input, true)
      if (!('version' in done)) return { done, announced: false }
      const targets = await queueAnnouncementTargets(tx, actor.guildId)
      const announced = await announceChange(tx, deps, targets, {
        actor,
        actionType: done.actionType,
        item: done.item,
        recordId: entryId,
        onEntry: true,
        note: action.note,
        notePrivate: action.notePrivate ?? false,
        at: now,
        playerName: done.entry.playerName,
        positionBefore: done.positionBefore,
        count: null,
        raidNightId: done.raidNightId,
      })
      return { done, announced }
    })
  })
  if ('error' in done) throw new AppError(done.error)
  if (!('version' in done)) throw new Error('an entry action in a transaction never answers "announces"')
  if (announced) deps.announcer.wake()
  return answerOf(deps, actor, done, now)
}

/** The players an award passed over, when it passed any (the answer says nothing otherwise). */
const passedOf = (done: EntryActionDone) => (done.passed.length > 0 ? { passed: done.passed } : {})

/**
 * What changed: the entry placed after the shown entry before it, after the passed players an award marked
 * absent (placed the same way, in order); or the whole queue when it was re-sorted.
 */
async function answerOf(
  deps: Deps,
  actor: QueueActor,
  done: EntryActionDone,
  now: Date,
): Promise<QueueChange> {
  if (done.resorted) {
    // Read after the commit: the queue as it is now, perhaps already a later version.
    const queue = await buildQueueView(deps.database.db, actor.guildId, done.item.id, now)
    if (!queue) throw new AppError('NOT_FOUND')
    return { ...wholeQueue(queue), ...passedOf(done) }
  }
  const moved = [...done.passedAbsent, done.entry]
  return {
    itemId: done.item.id,
    version: done.version,
    undo: {
      actionType: done.actionType,
      expiresAt: undoExpiresAt(now).toISOString(),
      playerName: done.entry.playerName,
      count: null,
      actorUserId: actor.userId,
      actorName: actor.name,
    },
    queue: null,
    placed: moved.map((entry, i) => toPlacedEntry(entry, i === 0 ? done.after : moved[i - 1]!.id, now)),
    removed: [],
    ...passedOf(done),
  }
}

/**
 * What a member sends with an entry action: why (a note, perhaps for officers only), and the queue's version
 * their screen showed (refused with QUEUE_CHANGED when the queue has changed since; none: unchecked).
 */
export type EntryActionRequest = { note?: string | null; notePrivate?: boolean; queueVersion?: number | null }

const requestOf = (input: EntryActionRequest) => ({
  note: input.note ?? null,
  notePrivate: input.notePrivate ?? false,
  queueVersion: input.queueVersion ?? null,
})

/** `raidNightId`: the night the member saw running (refused when it no longer runs); none: whichever runs. */
export function markReceived(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  input: EntryActionRequest & { raidNightId?: string | null } = {},
) {
  return actOnEntry(deps, actor, entryId, {
    action: 'received',
    ...requestOf(input),
    raidNightId: input.raidNightId ?? null,
  })
}

export function markAbsent(deps: Deps, actor: QueueActor, entryId: string, input: EntryActionRequest = {}) {
  return actOnEntry(deps, actor, entryId, { action: 'absent', ...requestOf(input) })
}

/** not_interested ⇄ pending. Any other status may also declare no interest. */
export function toggleNotInterested(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  input: EntryActionRequest = {},
) {
  return actOnEntry(deps, actor, entryId, { action: 'not_interested', ...requestOf(input) })
}

/** The reason is the penalty's note and the audit row's note. */
export function penalize(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  input: EntryActionRequest & { days: number; note: string },
) {
  return actOnEntry(deps, actor, entryId, { action: 'penalize', days: input.days, ...requestOf(input) })
}

/** A lapsed penalty can still be cleared (its note goes with it); no penalty at all cannot (NO_PENALTY). */
export function removePenalty(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  input: EntryActionRequest = {},
) {
  return actOnEntry(deps, actor, entryId, { action: 'remove_penalty', ...requestOf(input) })
}
