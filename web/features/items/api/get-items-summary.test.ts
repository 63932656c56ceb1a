import { describe, expect, it } from 'vitest'
import { localMidnightIso } from './get-items-summary'

// The reader's midnight from their zone's name (what the server's rendering of a dashboard page can know, from
// their cookie) is the one a browser's clock in that zone gives: `new Date(year, month, day)` there, worked
// out by hand below, summer-time changes included.
const cases: [zone: string, now: string, midnight: string][] = [
  ['UTC', '2026-12-05T21:00:00Z', '2026-12-05T00:00:00.000Z'],
  ['America/Sao_Paulo', '2026-12-05T21:00:00Z', '2026-12-05T03:00:00.000Z'],
  ['America/Sao_Paulo', '2026-12-05T02:59:59Z', '2026-12-04T03:00:00.000Z'],
  ['Asia/Kolkata', '2026-12-05T21:00:00Z', '2026-12-05T18:30:00.000Z'],
  // New York's clocks go forward at 2:00 on 8 March and back at 2:00 on 1 November: midnight keeps the day's
  // first offset.
  ['America/New_York', '2026-03-08T07:30:00Z', '2026-03-08T05:00:00.000Z'],
  ['America/New_York', '2026-11-01T05:30:00Z', '2026-11-01T04:00:00.000Z'],
  ['America/New_York', '2026-11-01T12:00:00Z', '2026-11-01T04:00:00.000Z'],
  // Lord Howe goes back half an hour on 5 April; Chatham is 12:45 ahead in winter.
  ['Australia/Lord_Howe', '2026-04-05T14:00:00Z', '2026-04-05T13:30:00.000Z'],
  ['Pacific/Chatham', '2026-06-01T23:59:59Z', '2026-06-01T11:15:00.000Z'],
  // Chile's clocks skip midnight on 6 September 2026 (00:00 is 01:00): the day starts at 01:00.
  ['America/Santiago', '2026-09-06T15:00:00Z', '2026-09-06T04:00:00.000Z'],
]

describe('localMidnightIso', () => {
  it.each(cases)('in %s at %s is %s', (zone, now, midnight) => {
    expect(localMidnightIso(new Date(now), zone)).toBe(midnight)
  })
})
