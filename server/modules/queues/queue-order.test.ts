import { describe, expect, it } from 'vitest'
import type { AttendanceStatus } from '../../../contract/enums'
import { applyManualOrder, applyOrderingRule, type OrderableEntry, queueGroup } from './queue-order'

// Pure rules: no database. Entries are written "id:status" plus "+pen" (penalty in the future) or
// "+lapsed" (penalty in the past); statuses: p pending, r received, a absent, n not_interested.
const NOW = new Date('2025-03-10T12:00:00Z')
const STATUS: Record<string, AttendanceStatus> = {
  p: 'pending',
  r: 'received',
  a: 'absent',
  n: 'not_interested',
}

function parse(spec: string): OrderableEntry[] {
  return spec.split(' ').map((token) => {
    const [head, penalty] = token.split('+')
    const [id, status] = head!.split(':')
    const penaltyUntil =
      penalty === 'pen'
        ? new Date(NOW.getTime() + 86_400_000)
        : penalty === 'lapsed'
          ? new Date(NOW.getTime() - 1)
          : null
    return { id: id!, attendanceStatus: STATUS[status!]!, penaltyUntil }
  })
}

describe('queueGroup', () => {
  it.each([
    ['x:p', 1],
    ['x:p+lapsed', 1],
    ['x:r', 2],
    ['x:a', 2],
    ['x:r+lapsed', 2],
    ['x:p+pen', 3],
    ['x:r+pen', 3],
    ['x:a+pen', 3],
    ['x:n', 4],
    ['x:n+pen', 4],
  ])('%s is in group %i', (spec, group) => {
    expect(queueGroup(parse(spec)[0]!, NOW)).toBe(group)
  })

  it('a penalty ending exactly now is no longer active', () => {
    expect(queueGroup({ id: 'x', attendanceStatus: 'pending', penaltyUntil: NOW }, NOW)).toBe(1)
  })
})

// before (after the action's own field changes), acted-on id, expected order after.
const cases: [name: string, before: string, acted: string, after: string][] = [
  ['received: first pending goes after the other pendings', 'a:r b:p c:p', 'a', 'b c a'],
  ['received: goes to the end of the non-pending group', 'a:r b:p c:r d:a', 'a', 'b c d a'],
  ['received: stays ahead of penalised and not interested', 'a:r b:p c:p+pen d:n', 'a', 'b a c d'],
  ['absent: same group as received, to its end', 'b:p a:a c:r', 'a', 'b c a'],
  ['received again: already last in its group, nothing moves', 'b:p c:r a:r', 'a', 'b c a'],
  ['not interested: goes after the other not interested', 'a:n b:n c:p', 'a', 'c b a'],
  ['interested again: back to the end of the pendings', 'a:p b:p c:r d:n', 'a', 'b a c d'],
  ['penalty set: end of the penalised group', 'a:p+pen b:r+pen c:p d:n', 'a', 'c b a d'],
  ['penalty on a not-interested entry: stays in group 4, last', 'a:n+pen b:n c:p', 'a', 'c b a'],
  ['penalty removed from a pending entry: end of the pendings', 'a:p b:p c:r d:p+pen', 'a', 'b a c d'],
  ['penalty removed from a received entry: end of group 2', 'a:r b:p c:a d:r+pen', 'a', 'b c a d'],
  ['a lapsed penalty counts as no penalty', 'x:r b:p+lapsed c:r+lapsed', 'x', 'b c x'],
  ['stable inside every group (manual order kept)', 'c:p a:r b:p d:n e:a f:p+pen g:n', 'zz', 'c b a e f d g'],
  ['single entry', 'a:r', 'a', 'a'],
  ['empty queue', '', 'a', ''],
]

describe('applyOrderingRule', () => {
  it.each(cases)('%s', (_name, before, acted, after) => {
    const entries = before ? parse(before) : []
    const result = applyOrderingRule(entries, acted, NOW).map((e) => e.id)
    expect(result.join(' ')).toBe(after)
  })

  it('returns the same entry objects, each exactly once', () => {
    const entries = parse('a:p b:r c:n d:a+pen')
    const result = applyOrderingRule(entries, 'b', NOW)
    expect(new Set(result)).toEqual(new Set(entries))
    expect(result).toHaveLength(entries.length)
  })
})

describe('applyManualOrder', () => {
  const entries = parse('a:p h1:p b:r c:p h2:n d:a')
  const shown = (e: OrderableEntry) => !e.id.startsWith('h')

  it('fills the shown slots in the given order; hidden entries keep their slots', () => {
    const result = applyManualOrder(entries, shown, ['d', 'c', 'b', 'a'])
    expect(result?.map((e) => e.id).join(' ')).toBe('d h1 c b h2 a')
  })

  it('accepts the current order unchanged', () => {
    expect(applyManualOrder(entries, shown, ['a', 'b', 'c', 'd'])?.map((e) => e.id)).toEqual(
      entries.map((e) => e.id),
    )
  })

  it.each([
    ['a missing entry', ['a', 'b', 'c']],
    ['an unknown entry', ['a', 'b', 'c', 'x']],
    ['a duplicate', ['a', 'b', 'c', 'c']],
    ['an extra entry', ['a', 'b', 'c', 'd', 'x']],
    ['a hidden entry', ['a', 'b', 'c', 'h1']],
    ['nothing', []],
  ])('refuses %s', (_name, ids) => {
    expect(applyManualOrder(entries, shown, ids)).toBeNull()
  })
})
