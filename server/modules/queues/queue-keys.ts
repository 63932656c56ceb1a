// Ordering keys of queue entries (docs/decisions/001-queue-ordering.md): sparse integers, unique per item,
// whose order is the queue's order. Positions are derived from them on read. Pure functions.

/** The distance between neighbours after a re-sort, and between entries added at the end. */
export const KEY_SPACING = 2 ** 24
/** How far past the last entry of its group an entry moves when more of that group may follow it. */
export const KEY_STEP = 2 ** 12
/** Keys stay exact JavaScript integers (bigint in the database, read as numbers). */
export const KEY_LIMIT = Number.MAX_SAFE_INTEGER

/** Keys 1..n × KEY_SPACING, for a queue written in full. */
export function spacedKeys(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (i + 1) * KEY_SPACING)
}

/** Keys for `count` entries appended after `last` (null: an empty queue); null when they would overflow. */
export function appendedKeys(last: number | null, count: number): number[] | null {
  const first = (last ?? 0) + KEY_SPACING
  if (first + (count - 1) * KEY_SPACING > KEY_LIMIT) return null
  return Array.from({ length: count }, (_, i) => first + i * KEY_SPACING)
}

/**
 * A key strictly between `before` and `after` (null: no entry on that side), or null when no integer is
 * free there (the caller then re-sorts the queue, which spaces every key again).
 *
 * `extendsGroup`: the entry before is in the same group, so the next entries of this group will come right
 * after the one placed now. Then it takes a small step, keeping the rest of the gap for them (a receipt
 * ahead of a block of not-interested players, again and again). Otherwise it takes the middle: the entry
 * opens its group, and entries may later arrive on both sides of it.
 */
export function keyBetween(
  before: number | null,
  after: number | null,
  extendsGroup: boolean,
): number | null {
  if (before === null && after === null) return KEY_SPACING
  if (after === null) return before! + KEY_SPACING <= KEY_LIMIT ? before! + KEY_SPACING : null
  if (before === null) return after - KEY_SPACING >= -KEY_LIMIT ? after - KEY_SPACING : null
  const gap = after - before
  if (gap < 2) return null
  const half = Math.floor(gap / 2)
  return before + (extendsGroup ? Math.min(KEY_STEP, half) : half)
}
