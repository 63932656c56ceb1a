import { describe, expect, it } from 'vitest'
import { addDays, zonedInstant, zonedParts } from './zoned-time'

describe('zoned time', () => {
  it('reads a wall time in a zone as the instant it is', () => {
    expect(zonedInstant('2026-12-10', '20:00', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-12-10T23:00:00.000Z',
    )
    expect(zonedInstant('2026-07-01', '21:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-01T19:30:00.000Z',
    )
    expect(zonedInstant('2026-01-15', '21:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-01-15T20:30:00.000Z',
    )
    expect(zonedInstant('2026-03-01', '00:15', 'UTC').toISOString()).toBe('2026-03-01T00:15:00.000Z')
  })

  it('moves a wall time skipped by a daylight-saving jump past it, and takes a repeated one the first time', () => {
    // Berlin skips 02:00-03:00 on 2026-03-29 and repeats 02:00-03:00 on 2026-10-25.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    )
  })

  it('gives an instant back as the date and time on the zone’s clock', () => {
    expect(zonedParts(new Date('2026-12-10T23:00:00Z'), 'America/Sao_Paulo')).toEqual({
      date: '2026-12-10',
      time: '20:00',
    })
    expect(zonedParts(new Date('2026-12-11T02:59:59Z'), 'America/Sao_Paulo')).toEqual({
      date: '2026-12-10',
      time: '23:59',
    })
  })

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04')
    expect(addDays('2028-02-26', 7)).toBe('2028-03-04')
  })
  it('reads a date or time that is not one as an invalid Date, never a throw (a form reads what is typed)', () => {
    // 31/12/9999 23:00 to 01:00: the end's day is past the year 9999, which addDays cannot write.
    const pastTheYear9999 = addDays('9999-12-31', 1)
    expect(() => zonedInstant(pastTheYear9999, '01:00', 'America/Sao_Paulo')).not.toThrow()
    expect(zonedInstant(pastTheYear9999, '01:00', 'America/Sao_Paulo').getTime()).toBeNaN()
    expect(zonedInstant('2026-12-1', '20:00', 'UTC').getTime()).toBeNaN()
    expect(zonedInstant('2026-12-10', '', 'UTC').getTime()).toBeNaN()
    expect(zonedParts(new Date(Number.NaN), 'America/Sao_Paulo')).toEqual({ date: '', time: '' })
  })
})
