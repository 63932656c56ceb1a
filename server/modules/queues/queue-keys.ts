// Ordering keys of queue entries (docs/decisions/001-queue-ordering.md): sparse integers, unique per item,
// whose order is the queue's order. Positions are derived from them on read. Pure functions; the key
// between two neighbours that a rule action takes is lq_key_between (server/db/functions/lq_key_between.sql), with these constants.

/** The distance between neighbours after a re-sort, and between entries added at the end. */
export const KEY_SPACING = 2 ** 24
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
