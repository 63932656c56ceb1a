import type { AttendanceStatus } from '../../../contract/enums'

// The ordering rules of a loot queue, as pure functions (docs/decisions/001-queue-ordering.md).

export type OrderableEntry = {
  id: string
  attendanceStatus: AttendanceStatus
  penaltyUntil: Date | null
}

/** 1 pending · 2 other non-pending, no live penalty · 3 actively penalised · 4 not interested. */
export type QueueGroup = 1 | 2 | 3 | 4

export function isPenalized(entry: Pick<OrderableEntry, 'penaltyUntil'>, now: Date): boolean {
  return entry.penaltyUntil !== null && entry.penaltyUntil.getTime() > now.getTime()
}

export function queueGroup(entry: OrderableEntry, now: Date): QueueGroup {
  // Not interested wins over a penalty: the player does not want the item at all.
  if (entry.attendanceStatus === 'not_interested') return 4
  if (isPenalized(entry, now)) return 3
  if (entry.attendanceStatus === 'pending') return 1
  return 2
}

/**
 * After received, absent, the not-interested toggle, or a penalty set or removed: every entry sorted by
 * group, stable inside a group, with the acted-on entry last in its group. `entries` is the item's whole
 * queue in its current order (hidden entries of inactive players included); the result is the new order.
 */
export function applyOrderingRule<T extends OrderableEntry>(
  entries: readonly T[],
  actedOnId: string,
  now: Date,
): T[] {
  return entries
    .map((entry, index) => ({
      entry,
      index,
      group: queueGroup(entry, now),
      last: entry.id === actedOnId ? 1 : 0,
    }))
    .sort((a, b) => a.group - b.group || a.last - b.last || a.index - b.index)
    .map((keyed) => keyed.entry)
}

/**
 * A drag-and-drop order. `requestedIds` must be a permutation of the shown entries (`isShown`); hidden
 * entries keep their slots and the shown ones fill the other slots in the requested order.
 * Returns null when the request is not such a permutation.
 */
export function applyManualOrder<T extends { id: string }>(
  entries: readonly T[],
  isShown: (entry: T) => boolean,
  requestedIds: readonly string[],
): T[] | null {
  const shown = new Map(entries.filter(isShown).map((entry) => [entry.id, entry]))
  if (requestedIds.length !== shown.size || new Set(requestedIds).size !== requestedIds.length) return null
  if (!requestedIds.every((id) => shown.has(id))) return null
  let next = 0
  return entries.map((entry) => (isShown(entry) ? shown.get(requestedIds[next++]!)! : entry))
}

/**
 * A span of time over which the stored order is sorted by group and no entry changes group: no live
 * penalty of an entry that is not "not interested" ends inside it (null bounds: not known to be sorted;
 * an open end). Inside it, a rule action moves the acted-on entry alone and the rest stays sorted.
 */
export type OrderSpan = { sortedFrom: Date | null; sortedUntil: Date | null }

export const UNKNOWN_SPAN: OrderSpan = { sortedFrom: null, sortedUntil: null }

export function isSortedAt(span: OrderSpan, now: Date): boolean {
  if (span.sortedFrom === null || span.sortedFrom.getTime() > now.getTime()) return false
  return span.sortedUntil === null || now.getTime() < span.sortedUntil.getTime()
}

/** A penalty that decides a group: on an entry that is not "not interested". */
const groupPenalty = (entry: OrderableEntry) =>
  entry.attendanceStatus === 'not_interested' ? null : entry.penaltyUntil

/** The span of a queue written in full at `now` (`entries` in their new order): from now, if sorted. */
export function spanOf(entries: readonly OrderableEntry[], now: Date): OrderSpan {
  let previous = 0
  let until: Date | null = null
  for (const entry of entries) {
    const group = queueGroup(entry, now)
    if (group < previous) return UNKNOWN_SPAN
    previous = group
    const penalty = groupPenalty(entry)
    if (penalty && penalty > now && (until === null || penalty < until)) until = penalty
  }
  return { sortedFrom: now, sortedUntil: until }
}
