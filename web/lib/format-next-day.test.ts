import { afterAll, describe, expect, it } from 'vitest'
import { loadTexts } from '@web/test/render'
import { formatClockSpan, formatEndClock, formatEndTime, formatTimeSpan } from './format'

// An outside tester read "22:00 às 02:00" on a night past midnight with no sign the end was the next day's.
// Every range of a night's hours ends with formatEndTime or formatEndClock, which mark it.

afterAll(() => loadTexts([], 'pt'))

const spaced = (text: string) => text.replace(/\s/g, ' ')

describe.each([
  ['pt', '02:00 (+1 dia)', '23:00', '21:00 (+1 dia)'],
  ['en', '2:00 AM (+1 day)', '11:00 PM', '9:00 PM (+1 day)'],
] as const)('the end of a night (%s)', (language, nextDay, sameDay, almostDay) => {
  it('as typed: an end before the start is the next day’s', async () => {
    await loadTexts([], language)
    expect(spaced(formatEndClock('22:00', '02:00'))).toBe(nextDay)
    expect(spaced(formatEndClock('20:00', '23:00'))).toBe(sameDay)
    expect(spaced(formatEndClock('22:00', '21:00'))).toBe(almostDay)
  })

  it('as instants: on the clock it is shown on', async () => {
    await loadTexts([], language)
    const zone = 'America/Sao_Paulo'
    // 22:00 to 02:00 in São Paulo (UTC−3): 01:00 to 05:00 UTC, the same day there.
    expect(spaced(formatEndTime('2026-12-11T01:00:00Z', '2026-12-11T05:00:00Z', zone))).toBe(nextDay)
    expect(spaced(formatEndTime('2026-12-10T23:00:00Z', '2026-12-11T02:00:00Z', zone))).toBe(sameDay)
    // The same instants on Tokyo's clock (UTC+9): 10:00 to 14:00, one day.
    expect(formatEndTime('2026-12-11T01:00:00Z', '2026-12-11T05:00:00Z', 'Asia/Tokyo')).not.toMatch(/\+1/)
  })
})

// An outside test read "17:00 – 23:00" on the queue's banner and "17:00 às 23:00" on the events pages
// (2026-12-06): a night's span of hours is written one way, from its instants or as typed.
describe.each([
  ['pt', '17:00 às 23:00', '22:00 às 02:00 (+1 dia)'],
  ['en', '5:00 PM to 11:00 PM', '10:00 PM to 2:00 AM (+1 day)'],
] as const)('the span of a night (%s)', (language, evening, pastMidnight) => {
  it('reads the same from instants (banner, public page) and as typed (events)', async () => {
    await loadTexts([], language)
    const zone = 'America/Sao_Paulo'
    expect(spaced(formatTimeSpan('2026-12-10T20:00:00Z', '2026-12-11T02:00:00Z', zone))).toBe(evening)
    expect(spaced(formatClockSpan('17:00', '23:00'))).toBe(evening)
    expect(spaced(formatTimeSpan('2026-12-11T01:00:00Z', '2026-12-11T05:00:00Z', zone))).toBe(pastMidnight)
    expect(spaced(formatClockSpan('22:00', '02:00'))).toBe(pastMidnight)
  })
})
