import { afterAll, describe, expect, it } from 'vitest'
import { loadTexts, readerOn } from '@web/test/render'
import {
  adoptServerTimeZone,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTimeHalves,
  formatTime,
  formatTypedDateTime,
  otherZoneName,
  zoneName,
} from './format'

// An outside test found English dates with two-digit years ("12/9/26", "12/6/26, 1:58 PM") beside Portuguese
// ones with four ("06/12/2026", 2026-12-06): both languages write the year in full.
const AT = '2026-12-06T16:58:00.000Z'
const ZONE = 'America/Sao_Paulo'

afterAll(() => loadTexts([], 'pt'))

describe.each([
  ['pt', '06/12/2026', /^06\/12\/2026, 13:58$/, ['06/12/2026,', '13:58'], '06/12/2026, 03:05'],
  ['en', '12/6/2026', /^12\/6\/2026, 1:58\sPM$/, ['12/6/2026,', /^1:58\sPM$/], /^12\/6\/2026, 3:05\sAM$/],
] as const)('dates (%s)', (language, day, dateTime, [date, time], early) => {
  it('writes the year with four digits, with and without the time', async () => {
    await loadTexts([], language)
    expect(formatDate(AT, ZONE)).toBe(day)
    // The hour as each language writes it: two digits in Portuguese.
    expect(formatDateTime('2026-12-06T06:05:00.000Z', ZONE)).toMatch(early)
    expect(formatDate('2027-01-06T12:00:00.000Z', ZONE)).toMatch(/2027$/)
    expect(formatDateTime(AT, ZONE)).toMatch(dateTime)
  })

  // An outside tester: the events list read "Mon, 12/07/2026" beside the history's and the public page's
  // "12/7/2026, 3:07 AM". A night's typed date (with its weekday) and a typed date and time are written as an
  // instant's date: the same order of day and month, the same digits.
  it("writes a date typed on a guild's clock as it writes an instant's date", async () => {
    await loadTexts([], language)
    expect(formatCalendarDate('2026-12-06')).toBe(`${{ pt: 'dom.', en: 'Sun' }[language]}, ${day}`)
    expect(formatTypedDateTime('2026-12-06', '13:58')).toMatch(dateTime)
    expect(formatTypedDateTime('2026-12-06', '03:05')).toMatch(early)
    const utc = (date: string) => formatDate(`${date}T12:00:00.000Z`, 'UTC')
    for (const date of ['2026-12-07', '2026-01-31', '2026-07-04'])
      expect(formatCalendarDate(date)).toMatch(new RegExp(`, ${utc(date).replaceAll('/', '\\/')}$`))
  })

  it('splits a date and time between its date and its time, the separator kept with the date', async () => {
    await loadTexts([], language)
    const [first, second] = formatDateTimeHalves(AT, ZONE)
    expect(first).toBe(date)
    expect(second).toMatch(time)
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    expect(spaced(`${first} ${second}`)).toBe(spaced(formatDateTime(AT, ZONE)))
  })
})

// An outside test saw the first two page loads after the machine changed zone show times in the old zone
// (2026-12-06): a dashboard page the server drew in the cookie's zone was hydrated in it, and the cookie was
// rewritten only as the page was left, after the next load's request had gone.
describe("a server-drawn page's time zone", () => {
  const machine = Intl.DateTimeFormat().resolvedOptions().timeZone
  const elsewhere = machine === 'Asia/Tokyo' ? 'America/Sao_Paulo' : 'Asia/Tokyo'
  const zoneCookie = () => document.cookie.match(/(?:^|; )lq_tz=([^;]*)/)?.[1]

  it("is kept, and the page hydrated, when it is the machine's", () => {
    document.cookie = `lq_tz=${machine}; path=/`
    expect(adoptServerTimeZone(machine)).toBe(true)
    expect(zoneCookie()).toBe(machine)
  })

  it("is replaced by the machine's, written to the cookie at once, when the machine changed zone", async () => {
    await loadTexts([], 'pt')
    document.cookie = `lq_tz=${elsewhere}; path=/`
    expect(adoptServerTimeZone(elsewhere)).toBe(false)
    expect(zoneCookie()).toBe(machine)
    expect(formatDateTime(AT)).toBe(formatDateTime(AT, machine))
  })
})

// An outside test (2026-12-06) read one night at 18:00 on the event page and its awards at 14:11 in the history,
// with nothing saying which clock either was on. A night's times are on the guild's clock; they say its zone
// when the reader's clock reads otherwise, and only then.
describe.each([
  ['pt', 'Horário Alemanha', 'Horário Nova York'],
  ['en', 'Germany Time', 'Eastern Time'],
] as const)("a guild's zone said to the reader (%s)", (language, berlin, newYork) => {
  const NIGHT = ['2026-12-06T17:00:00.000Z', '2026-12-06T22:30:00.000Z']

  it("names the guild's zone in the interface language", async () => {
    await loadTexts([], language)
    expect(zoneName('Europe/Berlin', new Date(NIGHT[0]!))).toBe(berlin)
    expect(zoneName('America/New_York', new Date(NIGHT[0]!))).toBe(newYork)
  })

  it("names it when the reader's browser is on another clock, and not when it is on the guild's", async () => {
    await loadTexts([], language)
    expect(otherZoneName('Europe/Berlin', NIGHT, 'America/Sao_Paulo')).toBe(berlin)
    expect(otherZoneName('America/New_York', NIGHT[0]!, 'America/Sao_Paulo')).toBe(newYork)
    expect(otherZoneName('Europe/Berlin', NIGHT, 'Europe/Berlin')).toBeNull()
    // Another id on the same clock reads the same times: nothing to say.
    expect(otherZoneName('Europe/Berlin', NIGHT, 'Europe/Paris')).toBeNull()
  })

  it("reads the reader's zone from their browser", async () => {
    await loadTexts([], language)
    readerOn('America/Sao_Paulo')
    expect(otherZoneName('Europe/Berlin', NIGHT)).toBe(berlin)
    readerOn('Europe/Berlin')
    expect(otherZoneName('Europe/Berlin', NIGHT)).toBeNull()
  })
})

// An outside test saw React's hydration error #418 on the guild page in English (2026-12-06): the server (Node's
// ICU) wrote "9:01\u202fPM" with a narrow no-break space, the browser (Chromium) "9:01 PM". A page's times are
// written the browser's way on both sides; these tests run on Node's ICU, as the server renders.
describe('an English time is written as the browser writes it', () => {
  it('with a plain space before AM and PM, in every format of a time', async () => {
    await loadTexts([], 'en')
    for (const text of [formatTime(AT, ZONE), formatDateTime(AT, ZONE), ...formatDateTimeHalves(AT, ZONE)]) {
      expect(text).not.toMatch(/\u202f/)
    }
    expect(formatTime(AT, ZONE)).toBe('1:58 PM')
    expect(formatDateTimeHalves(AT, ZONE)).toEqual(['12/6/2026,', '1:58 PM'])
  })
})

// An outside test (2026-12-07): an instant past what a Date holds (a night's end typed in the year 10000) made
// Intl throw RangeError "Invalid time value" while the event form rendered, and the whole page was replaced.
describe('an invalid Date', () => {
  it('is written as a missing value by every date formatter, never a throw', async () => {
    await loadTexts([], 'pt')
    const invalid = new Date(Number.NaN)
    expect(formatDate(invalid, ZONE)).toBe('-')
    expect(formatDateTime(invalid, ZONE)).toBe('-')
    expect(formatTime(invalid, ZONE)).toBe('-')
    expect(formatDateTimeHalves(invalid, ZONE).join('')).toBe('-')
    // What addDays('9999-12-31', 1) writes (contract/zoned-time.ts).
    expect(formatCalendarDate('+010000-01')).toBe('-')
    expect(formatTypedDateTime('+010000-01', '01:00')).toBe('-')
  })
})
