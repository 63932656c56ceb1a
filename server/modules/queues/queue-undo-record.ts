import type { AttendanceStatus } from '../../../contract/enums'
import { KEY_SPACING } from './queue-keys'
import { type OrderSpan, UNKNOWN_SPAN } from './queue-order'

// What an undo record holds, and how it is stored in queue_undo.snapshot (JSON).

/** A row as it was before the action (JSON: dates as ISO strings); queuePosition is its ordering key. */
export type SnapshotEntry = {
  id: string
  playerId: string
  queuePosition: number
  attendanceStatus: AttendanceStatus
  timesReceived: number
  timesAbsent: number
  penaltyUntil: string | null
  penaltyNote: string | null
  /** The penalty's reason was for officers only (decision 019). */
  penaltyNotePrivate: boolean
  createdAt: string
}

/**
 * What undoing an action needs: the rows it changed or deleted, as they were; the rows it created; and the
 * queue's order span before it. `full`: `before` is the whole queue (the action rewrote every key), so an
 * undo also removes whatever else is in the queue. A receipt stores one row, not the queue.
 */
export type UndoRecord = { before: SnapshotEntry[]; created: string[]; full: boolean; span: OrderSpan }

// One tuple per row: a third of the size of keyed objects, and faster to parse and write. The last element,
// the penalty reason's officers-only flag (migration 0024), is missing from older records: false.
type Tuple = [
  string,
  string,
  number,
  AttendanceStatus,
  number,
  number,
  string | null,
  string | null,
  string,
  boolean?,
]
/** Before migration 0008: the whole queue, with positions 1..n. */
export type StoredV1 = { v: 1; e: Tuple[] }
export type StoredV2 = { v: 2; e: Tuple[]; c: string[]; f: boolean; s: [string | null, string | null] }

const toTuple = (x: SnapshotEntry): Tuple => [
  x.id,
  x.playerId,
  x.queuePosition,
  x.attendanceStatus,
  x.timesReceived,
  x.timesAbsent,
  x.penaltyUntil,
  x.penaltyNote,
  x.createdAt,
  x.penaltyNotePrivate,
]

const fromTuple = (t: Tuple): SnapshotEntry => ({
  id: t[0],
  playerId: t[1],
  queuePosition: t[2],
  attendanceStatus: t[3],
  timesReceived: t[4],
  timesAbsent: t[5],
  penaltyUntil: t[6],
  penaltyNote: t[7],
  penaltyNotePrivate: t[9] ?? false,
  createdAt: t[8],
})

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null
const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso))

export function encodeUndo(record: UndoRecord): StoredV2 {
  return {
    v: 2,
    e: record.before.map(toTuple),
    c: record.created,
    f: record.full,
    s: [isoOrNull(record.span.sortedFrom), isoOrNull(record.span.sortedUntil)],
  }
}

export function decodeUndo(stored: StoredV1 | StoredV2): UndoRecord {
  if (stored.v === 1) {
    // Positions became keys KEY_SPACING apart in migration 0008.
    const before = stored.e.map((t) => ({ ...fromTuple(t), queuePosition: t[2] * KEY_SPACING }))
    return { before, created: [], full: true, span: UNKNOWN_SPAN }
  }
  return {
    before: stored.e.map(fromTuple),
    created: stored.c,
    full: stored.f,
    span: { sortedFrom: dateOrNull(stored.s[0]), sortedUntil: dateOrNull(stored.s[1]) },
  }
}
