import { describe, expect, it } from 'vitest'
import { appendedKeys, KEY_LIMIT, KEY_SPACING, KEY_STEP, keyBetween, spacedKeys } from './queue-keys'
import { isSortedAt, type OrderableEntry, spanAfterMove, spanOf, UNKNOWN_SPAN } from './queue-order'

// Pure: ordering keys and the span over which a stored order is known to be sorted. No database.

describe('ordering keys', () => {
  it('spaces a whole queue and appends after the last key, KEY_SPACING apart', () => {
    expect(spacedKeys(3)).toEqual([KEY_SPACING, 2 * KEY_SPACING, 3 * KEY_SPACING])
    expect(appendedKeys(null, 2)).toEqual([KEY_SPACING, 2 * KEY_SPACING])
    expect(appendedKeys(5, 2)).toEqual([5 + KEY_SPACING, 5 + 2 * KEY_SPACING])
    expect(appendedKeys(KEY_LIMIT - KEY_SPACING, 1)).toEqual([KEY_LIMIT])
    expect(appendedKeys(KEY_LIMIT - KEY_SPACING, 2)).toBeNull()
  })

  it('places between two keys: a small step after an entry of the same group, else the middle', () => {
    const [a, b] = [KEY_SPACING, 2 * KEY_SPACING]
    expect(keyBetween(a, b, true)).toBe(a + KEY_STEP)
    expect(keyBetween(a, b, false)).toBe(a + KEY_SPACING / 2)
    expect(keyBetween(a, a + 3, true)).toBe(a + 1)
    expect(keyBetween(a, a + 1, false)).toBeNull()
    expect(keyBetween(a, null, true)).toBe(a + KEY_SPACING)
    expect(keyBetween(null, b, true)).toBe(b - KEY_SPACING)
    expect(keyBetween(null, null, false)).toBe(KEY_SPACING)
    expect(keyBetween(KEY_LIMIT - 1, null, true)).toBeNull()
  })

  it('a receipt ahead of a block that never moves finds room thousands of times before a re-sort', () => {
    // Each receipt goes after the previous one, ahead of the same not-interested entry.
    const blocked = 2 * KEY_SPACING
    let last = KEY_SPACING
    let placed = 0
    for (let next = keyBetween(last, blocked, true); next !== null; next = keyBetween(last, blocked, true)) {
      expect(next).toBeGreaterThan(last)
      expect(next).toBeLessThan(blocked)
      last = next
      placed++
    }
    expect(placed).toBeGreaterThan(KEY_SPACING / KEY_STEP)
  })
})

const NOW = new Date('2025-03-10T12:00:00Z')
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000)
const e = (status: OrderableEntry['attendanceStatus'], penaltyUntil: Date | null = null): OrderableEntry => ({
  id: crypto.randomUUID(),
  attendanceStatus: status,
  penaltyUntil,
})

describe('the sorted span of a stored order', () => {
  it('is known from now until the first live penalty of a penalised entry lapses', () => {
    const span = spanOf(
      [
        e('pending'),
        e('received', at(-1)),
        e('absent', at(5)),
        e('pending', at(2)),
        e('not_interested', at(1)),
      ],
      NOW,
    )
    expect(span).toEqual({ sortedFrom: NOW, sortedUntil: at(2) })
    expect(isSortedAt(span, NOW)).toBe(true)
    expect(isSortedAt(span, new Date(at(2).getTime() - 1))).toBe(true)
    expect(isSortedAt(span, at(2))).toBe(false)
    expect(isSortedAt(span, new Date(NOW.getTime() - 1))).toBe(false)
  })

  it('is unknown for an order that is not sorted by group, and when never computed', () => {
    expect(spanOf([e('received'), e('pending')], NOW)).toEqual(UNKNOWN_SPAN)
    expect(spanOf([e('pending', at(1)), e('pending')], NOW)).toEqual(UNKNOWN_SPAN)
    expect(isSortedAt(UNKNOWN_SPAN, NOW)).toBe(false)
    expect(spanOf([], NOW)).toEqual({ sortedFrom: NOW, sortedUntil: null })
  })

  it('after one entry moved: shorter when its penalty lapses sooner, later when its penalty already lapsed', () => {
    const span = { sortedFrom: at(-10), sortedUntil: at(5) }
    expect(spanAfterMove(span, e('pending', at(3)), NOW)).toEqual({ sortedFrom: at(-10), sortedUntil: at(3) })
    expect(spanAfterMove(span, e('pending', at(8)), NOW)).toEqual(span)
    expect(spanAfterMove(span, e('received', at(-2)), NOW)).toEqual({
      sortedFrom: at(-2),
      sortedUntil: at(5),
    })
    expect(spanAfterMove(span, e('received', at(-20)), NOW)).toEqual(span)
    // Not interested: group 4 whatever the penalty says.
    expect(spanAfterMove(span, e('not_interested', at(1)), NOW)).toEqual(span)
    expect(spanAfterMove({ sortedFrom: NOW, sortedUntil: null }, e('absent', at(1)), NOW)).toEqual({
      sortedFrom: NOW,
      sortedUntil: at(1),
    })
  })
})
