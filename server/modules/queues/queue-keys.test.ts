import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ATTENDANCE_STATUSES } from '../../../contract/enums'
import { fileTestContext } from '../../test/harness'
import { appendedKeys, KEY_LIMIT, KEY_SPACING, spacedKeys } from './queue-keys'
import {
  isSortedAt,
  type OrderableEntry,
  type OrderSpan,
  queueGroup,
  spanOf,
  UNKNOWN_SPAN,
} from './queue-order'

// Ordering keys and the span over which a stored order is known to be sorted. The key a rule action takes
// and the span after it are computed by the database (lq_key_between, lq_queue_group,
// lq_sorted_from_after_move, lq_sorted_until_after_move: server/db/functions/), so those cases run there, on
// both engines.

const ctx = await fileTestContext()

/** How far past the last entry of its group an entry moves when more of that group may follow it. */
const KEY_STEP = 2 ** 12

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await ctx.database.db.execute(query)) as unknown as { rows: { v: T }[] }
  return result.rows[0]!.v
}

const keyBetween = async (before: number | null, after: number | null, extendsGroup: boolean) => {
  const key = await one<string | null>(
    sql`select lq_key_between(${before}::bigint, ${after}::bigint, ${extendsGroup})::text as v`,
  )
  return key === null ? null : Number(key)
}

const iso = (date: Date | null) => date?.toISOString() ?? null

async function spanAfterMove(span: OrderSpan, entry: OrderableEntry, now: Date): Promise<OrderSpan> {
  const result = (await ctx.database.db.execute(sql`
    select lq_sorted_from_after_move(${iso(span.sortedFrom)}::timestamptz, ${entry.attendanceStatus},
        ${iso(entry.penaltyUntil)}::timestamptz, ${iso(now)}::timestamptz)::text as "from",
      lq_sorted_until_after_move(${iso(span.sortedUntil)}::timestamptz, ${entry.attendanceStatus},
        ${iso(entry.penaltyUntil)}::timestamptz, ${iso(now)}::timestamptz)::text as "until"`)) as unknown as {
    rows: { from: string | null; until: string | null }[]
  }
  const row = result.rows[0]!
  const date = (text: string | null) => (text === null ? null : new Date(text))
  return { sortedFrom: date(row.from), sortedUntil: date(row.until) }
}

describe('ordering keys', () => {
  it('spaces a whole queue and appends after the last key, KEY_SPACING apart', () => {
    expect(spacedKeys(3)).toEqual([KEY_SPACING, 2 * KEY_SPACING, 3 * KEY_SPACING])
    expect(appendedKeys(null, 2)).toEqual([KEY_SPACING, 2 * KEY_SPACING])
    expect(appendedKeys(5, 2)).toEqual([5 + KEY_SPACING, 5 + 2 * KEY_SPACING])
    expect(appendedKeys(KEY_LIMIT - KEY_SPACING, 1)).toEqual([KEY_LIMIT])
    expect(appendedKeys(KEY_LIMIT - KEY_SPACING, 2)).toBeNull()
  })

  it('places between two keys: a small step after an entry of the same group, else the middle', async () => {
    const [a, b] = [KEY_SPACING, 2 * KEY_SPACING]
    expect(await keyBetween(a, b, true)).toBe(a + KEY_STEP)
    expect(await keyBetween(a, b, false)).toBe(a + KEY_SPACING / 2)
    expect(await keyBetween(a, a + 3, true)).toBe(a + 1)
    expect(await keyBetween(a, a + 1, false)).toBeNull()
    expect(await keyBetween(a, null, true)).toBe(a + KEY_SPACING)
    expect(await keyBetween(null, b, true)).toBe(b - KEY_SPACING)
    expect(await keyBetween(null, null, false)).toBe(KEY_SPACING)
    expect(await keyBetween(KEY_LIMIT - 1, null, true)).toBeNull()
    expect(await keyBetween(null, -KEY_LIMIT + 1, true)).toBeNull()
  })

  it('a receipt ahead of a block that never moves finds room thousands of times before a re-sort', async () => {
    // Each receipt goes after the previous one, ahead of the same not-interested entry; the database counts
    // the steps until no key is free (and checks each lies strictly between).
    const blocked = 2 * KEY_SPACING
    const placed = await one<number>(sql`
      with recursive steps(key, n, ok) as (
        select ${KEY_SPACING}::bigint, 0, true
        union all
        select next, n + 1, ok and next > key and next < ${blocked}::bigint
        from steps, lateral (select lq_key_between(key, ${blocked}::bigint, true) as next) as s
        where next is not null
      )
      select (case when bool_and(ok) then max(n) else -1 end)::integer as v from steps`)
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

describe('the groups of the ordering rule', () => {
  it('are the same in the database as in queue-order.ts, for every status and penalty', async () => {
    const penalties = [null, at(-1), NOW, at(1)]
    const cases = ATTENDANCE_STATUSES.flatMap((status) => penalties.map((penalty) => e(status, penalty)))
    const inDatabase = await Promise.all(
      cases.map((entry) =>
        one<number>(
          sql`select lq_queue_group(${entry.attendanceStatus}, ${iso(entry.penaltyUntil)}::timestamptz, ${iso(NOW)}::timestamptz) as v`,
        ),
      ),
    )
    expect(inDatabase).toEqual(cases.map((entry) => queueGroup(entry, NOW)))
    expect(new Set(inDatabase)).toEqual(new Set([1, 2, 3, 4]))
  })
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

  it('after one entry moved: shorter when its penalty lapses sooner, later when its penalty already lapsed', async () => {
    const span = { sortedFrom: at(-10), sortedUntil: at(5) }
    expect(await spanAfterMove(span, e('pending', at(3)), NOW)).toEqual({
      sortedFrom: at(-10),
      sortedUntil: at(3),
    })
    expect(await spanAfterMove(span, e('pending', at(8)), NOW)).toEqual(span)
    expect(await spanAfterMove(span, e('received', at(-2)), NOW)).toEqual({
      sortedFrom: at(-2),
      sortedUntil: at(5),
    })
    expect(await spanAfterMove(span, e('received', at(-20)), NOW)).toEqual(span)
    // Not interested: group 4 whatever the penalty says.
    expect(await spanAfterMove(span, e('not_interested', at(1)), NOW)).toEqual(span)
    expect(await spanAfterMove({ sortedFrom: NOW, sortedUntil: null }, e('absent', at(1)), NOW)).toEqual({
      sortedFrom: NOW,
      sortedUntil: at(1),
    })
  })
})
