import { sql } from 'drizzle-orm'
import type { AttendanceStatus, AuditAction, PlayerStatus } from '../../../contract/enums'
import type { PassedPlayer } from '../../../contract/queues'
import type { DbOrTx, Tx } from '../../db/client'
import type { OrderSpan } from './queue-order'
import { encodeUndo, type UndoRecord } from './queue-undo-record'
import type { EntryRow } from './queues.queries'

// The two database functions every queue write ends in (server/db/functions/,
// docs/decisions/001-queue-ordering.md): one statement each, because each round trip is paid by every
// write and by the item's lock it holds meanwhile.

const iso = (date: Date | null) => date?.toISOString() ?? null

/** The rows of a statement, whichever driver ran it. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * The end of every queue write, in one statement (lq_finish_queue_write): its one audit row, the record
 * that undoes it (replacing the item's older one; none for the undo itself), the queue's next version and
 * order span, and its realtime events (sent at the commit). Answers the new version.
 */
export async function recordWrite(
  tx: Tx,
  write: {
    guildId: string
    itemId: string
    userId: string
    at: Date
    /** The raid night running at `at`, which the activity row belongs to. */
    eventId: string | null
    span: OrderSpan
    audit: {
      actionType: string
      tableName: string
      recordId: string
      description: string
      /** Why, as typed with the action. */
      note: string | null
      /** The note is for officers only (ignored without a note: lq_finish_queue_write). */
      notePrivate: boolean
    }
    undo: { record: UndoRecord; historyId: string | null } | null
    /** The write added or removed a loot history row: the history topic is told too. */
    historyChanged: boolean
  },
): Promise<number> {
  const { guildId, itemId, userId, at, span, audit, undo } = write
  const undoJson = undo ? JSON.stringify(encodeUndo(undo.record)) : null
  const result = await tx.execute(sql`
    select lq_finish_queue_write(${guildId}::uuid, ${itemId}::uuid, ${userId}, ${iso(at)}::timestamptz,
      ${iso(span.sortedFrom)}::timestamptz, ${iso(span.sortedUntil)}::timestamptz,
      ${audit.actionType}, ${audit.tableName}, ${audit.recordId}, ${audit.description}, ${audit.note},
      ${undoJson}::jsonb, ${undo?.historyId ?? null}::uuid, ${write.historyChanged}, null::bigint,
      ${write.eventId}::uuid,
      ${audit.notePrivate}::boolean) as version`)
  return Number(rowsOf<{ version: number }>(result)[0]!.version)
}

/** The actions on one entry that lq_queue_entry_action runs whole, with why (a penalty's reason). */
export type EntryActionKind = {
  note: string | null
  /** The note is for officers only (docs/decisions/019-public-visibility.md); ignored without a note. */
  notePrivate?: boolean
  /** The queue's version the member acted on: refused (QUEUE_CHANGED) when it is no longer; none: unchecked. */
  queueVersion?: number | null
} & (
  | { action: 'received'; raidNightId?: string | null }
  | { action: 'absent' | 'not_interested' | 'remove_penalty' }
  | { action: 'penalize'; days: number }
)

export type EntryActionInput = EntryActionKind & {
  guildId: string
  userId: string
  entryId: string
  now: Date
}

export type EntryActionRefusal =
  | 'NOT_FOUND'
  | 'PLAYER_INACTIVE'
  | 'NOT_INTERESTED_ENTRY'
  | 'NO_PENALTY'
  | 'RAID_NIGHT_NOT_RUNNING'
  | 'BELOW_MINIMUM_RANK'
  | 'QUEUE_CHANGED'

export type EntryActionDone = {
  version: number
  item: { id: string; name: string; rarity: string | null }
  actionType: AuditAction
  /** The whole queue was sorted again (the stored order was not known sorted, or no key was free). */
  resorted: boolean
  /** The entry as it now is. */
  entry: EntryRow
  /**
   * The shown entry now right before it, or before the absentees moved with it (null: first); meaningless
   * when `resorted`.
   */
  after: string | null
  /** Where members saw the entry before the action; counted when announcing, for a receipt or absence. */
  positionBefore: number | null
  /** The raid night running, which the action belongs to. */
  raidNightId: string | null
  /** An award during a night: the players it passed over. */
  passed: PassedPlayer[]
  /** Those of them marked absent, as they now are, in order right before the entry (none when `resorted`). */
  passedAbsent: EntryRow[]
}

type StoredEntry = Omit<EntryRow, 'penaltyUntil' | 'createdAt'> & {
  attendanceStatus: AttendanceStatus
  playerStatus: PlayerStatus
  penaltyUntil: string | null
  createdAt: string
}

/**
 * One entry action, whole, in one statement (lq_queue_entry_action, after waiting its turn on the item:
 * lq_queue_entry_action_in_turn): lock, checks, placement, history, the entry, audit, undo
 * and events. `announcing`: the caller writes the guild's announcements in this
 * same transaction; without it, a guild that announces gets `announces` back and nothing is written.
 */
export async function entryAction(
  db: DbOrTx,
  input: EntryActionInput,
  announcing: boolean,
): Promise<{ error: EntryActionRefusal } | { announces: true } | EntryActionDone> {
  const days = input.action === 'penalize' ? input.days : null
  const night = input.action === 'received' ? (input.raidNightId ?? null) : null
  const result = await db.execute(sql`
    select lq_queue_entry_action_in_turn(${input.guildId}::uuid, ${input.entryId}::uuid, ${input.userId},
      ${iso(input.now)}::timestamptz, ${input.action}, ${input.note}, ${days}::integer, ${announcing},
      ${night}::uuid, ${input.notePrivate ?? false}::boolean, ${input.queueVersion ?? null}::integer) as r`)
  const answer = rowsOf<{ r: Record<string, unknown> }>(result)[0]!.r
  if ('error' in answer || 'announces' in answer) return answer as { error: EntryActionRefusal }
  const done = answer as Omit<EntryActionDone, 'entry' | 'passedAbsent'> & {
    entry: StoredEntry
    passedAbsent: StoredEntry[]
  }
  return { ...done, entry: entryRowOf(done.entry), passedAbsent: done.passedAbsent.map(entryRowOf) }
}

/** An entry as the function answers it (lq_entry_answer), its instants as dates. */
function entryRowOf(stored: StoredEntry): EntryRow {
  return {
    ...stored,
    penaltyUntil: stored.penaltyUntil === null ? null : new Date(stored.penaltyUntil),
    createdAt: new Date(stored.createdAt),
  }
}
