import { formatCount, formatMoney } from '@contract/plans'
import { sameClock, zoneName as nameOfZone } from '@contract/zone-name'
import { zonedParts } from '@contract/zoned-time'
import { currentLanguage, i18n, LOCALE_OF } from './i18n'
import { TIME_ZONE_COOKIE } from '@contract/cookies'

// Dates and money by the interface language (pt-BR, en-US). Dates in the reader's time zone, or in
// `timeZone` (a server-rendered page shows UTC until it is hydrated: web/hooks/use-hydrated.ts).

const dateFormats = new Map<string, DateFormat>()
let pageTimeZone: string | undefined | null = null

/** The zone this machine's clock is set to (undefined when the browser cannot tell). */
function machineTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/**
 * The IANA zone the page shows the reader's dates in: their machine's, read once (it is a page's constant),
 * and written to the cookie for the server's next rendering of a dashboard page while at it (the first
 * Intl.DateTimeFormat of a page costs 35–90 ms in Chromium, so the zone is read when dates need it, never
 * just for the cookie). A dashboard page rendered by the server is drawn in the zone of the reader's cookie;
 * the browser hydrates it in that zone when it is the machine's, and draws it afresh in the machine's when
 * it is not (adoptServerTimeZone).
 */
export function browserTimeZone(): string | undefined {
  if (pageTimeZone === null) {
    pageTimeZone = machineTimeZone()
    if (typeof document !== 'undefined') writeTimeZoneCookie(pageTimeZone)
  }
  return pageTimeZone
}

/** The zone of a dashboard page's render: set per page on the server. */
export function setPageTimeZone(timeZone: string) {
  pageTimeZone = timeZone
}

/**
 * In the browser, before a dashboard page the server drew in `served` (the zone of the reader's cookie) is
 * hydrated: whether it can be. When the machine's zone is the same (or cannot be told), the page keeps it and
 * hydrates with no change on screen. When the machine's zone has changed since the cookie was written (a
 * trip, a new machine), the served times are the old zone's: the cookie is rewritten now, so the next request
 * already carries the new zone, and false says to draw the page afresh in the machine's zone rather than
 * hydrate it. Its times then change once, on this first load after the change, instead of staying wrong for
 * it and the next one: the cookie was written only as a page was left (rememberTimeZone, at pagehide), and a
 * reload sends its request before the old page's pagehide, so it still carried the old zone.
 */
export function adoptServerTimeZone(served: string): boolean {
  const machine = machineTimeZone()
  if (!machine || machine === served) {
    pageTimeZone = served
    return true
  }
  pageTimeZone = machine
  writeTimeZoneCookie(machine)
  return false
}

/**
 * Writes the machine's zone for the server's next rendering of a dashboard page: as a dashboard page the
 * server drew is left (the dashboard's shell), where reading it costs the reader nothing they wait for.
 */
export function rememberTimeZone() {
  writeTimeZoneCookie(machineTimeZone())
}

function writeTimeZoneCookie(zone: string | undefined) {
  // An IANA name (letters, digits, / _ + -) is a valid cookie value as it is: the server reads it unencoded.
  if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`
}

/** `timeZone` when given (a guild's clock, UTC while hydrating a public page), else the reader's. */
const zoneOr = (timeZone: string | undefined) => timeZone ?? browserTimeZone()

/**
 * How the page writes a date or time. ICU in Node writes a narrow no-break space (U+202F) before "AM"/"PM",
 * Chromium a plain space: the server and the browser wrote an English time differently, and a page the server
 * drew did not hydrate (React's error #418 on the guild page's "Updated", an outside test, 2026-12-06). Both
 * sides write it as the browser does.
 */
type DateFormat = {
  format: (date: Date) => string
  formatToParts: (date: Date) => Intl.DateTimeFormatPart[]
}
const asBrowserWrites = (text: string) => text.replace(/\u202f/g, ' ')
const MISSING = '-'
const isInvalid = (date: Date) => Number.isNaN(date.getTime())

/**
 * The language's date format with `options`, made once: making an Intl.DateTimeFormat costs far more than
 * using one, and a table formats a date in every row.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): DateFormat {
  const locale = LOCALE_OF[currentLanguage()]
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    const intl = new Intl.DateTimeFormat(locale, options)
    // An invalid Date (a value typed past what a Date holds) is written as a missing one, '-': Intl throws
    // RangeError on it, and a throw while rendering replaces the whole page (an outside test, 2026-12-07).
    format = {
      format: (date) => (isInvalid(date) ? MISSING : asBrowserWrites(intl.format(date))),
      formatToParts: (date) =>
        isInvalid(date)
          ? [{ type: 'literal', value: MISSING }]
          : intl.formatToParts(date).map((part) => ({ ...part, value: asBrowserWrites(part.value) })),
    }
    dateFormats.set(key, format)
  }
  return format
}

// A date with its year in full in both languages ("06/12/2026", "12/6/2026"): dateStyle 'short' writes two digits
// in English ("12/6/26").
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'numeric', year: 'numeric' }
// The time as timeStyle 'short' writes it ("09:05", "9:05 AM"), which cannot be mixed with DAY's fields: two
// digits for the hour in Portuguese, as many as it takes in English.
const clock = (): Intl.DateTimeFormatOptions => ({
  hour: currentLanguage() === 'en' ? 'numeric' : '2-digit',
  minute: '2-digit',
})

export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return MISSING
  return dateFormat({ ...DAY, timeZone: zoneOr(timeZone) }).format(new Date(value))
}

/** An instant's date and time on the reader's clock, or on `timeZone`'s (a guild's, for a night's awards). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return MISSING
  return dateFormat({ ...DAY, ...clock(), timeZone: zoneOr(timeZone) }).format(new Date(value))
}

/**
 * formatDateTime in its two halves, the date with the language's separator ("06/12/2026,") and the time
 * ("14:18"), for a narrow box: it may put the time on a line of its own, never break inside either half (a
 * box just wide enough for the date broke "06/12/2026" from its comma, leaving ", 14:18" on the next line).
 */
export function formatDateTimeHalves(value: string | Date, timeZone?: string): [string, string] {
  const parts = dateFormat({ ...DAY, ...clock(), timeZone: zoneOr(timeZone) }).formatToParts(new Date(value))
  const hour = parts.findIndex((part) => part.type === 'hour')
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('')
      .trim()
  return [text(0, hour), text(hour)]
}

/** The time of day on the reader's clock, or on `timeZone`'s (a guild's) ("20:00", "8:00 PM"). */
export function formatTime(value: string | Date, timeZone?: string): string {
  return dateFormat({ timeStyle: 'short', timeZone: zoneOr(timeZone) }).format(new Date(value))
}

export function formatPrice(amount: number): string {
  return formatMoney(amount, currentLanguage())
}

/** A count ("1.234", "1,234"): written by hand, without Intl's number data (contract/plans.ts says why). */
export function formatNumber(count: number): string {
  return formatCount(count, currentLanguage())
}

/** A day and time typed on a guild's clock (YYYY-MM-DD, HH:MM), as an instant to write on UTC's clock. */
const typed = (date: string, time = '00:00') => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return new Date(Date.UTC(year, month - 1, day, hours, minutes))
}

/**
 * A calendar day typed as YYYY-MM-DD (a night's date on its guild's clock), with its weekday, its day and month
 * in formatDate's order and digits: "qui., 10/12/2026", "Thu, 12/10/2026" ("Mon, 12/07/2026" beside the
 * history's "12/7/2026" read as another order to an outside tester).
 */
export function formatCalendarDate(date: string): string {
  return dateFormat({ weekday: 'short', ...DAY, timeZone: 'UTC' }).format(typed(date))
}

/**
 * A day and time typed on a guild's clock (YYYY-MM-DD, HH:MM), as formatDateTime writes an instant:
 * "06/12/2026, 18:00", "12/6/2026, 6:00 PM" (the activity log's quote of a night's start).
 */
export function formatTypedDateTime(date: string, time: string): string {
  return dateFormat({ ...DAY, ...clock(), timeZone: 'UTC' }).format(typed(date, time))
}

/**
 * A wall-clock time typed as HH:MM, as the language writes it ("07:50", "7:50 PM"): the style of formatTime, on
 * no one's clock.
 */
export function formatClock(time: string): string {
  return dateFormat({ timeStyle: 'short', timeZone: 'UTC' }).format(typed('2000-01-01', time))
}

/**
 * The end of a range of hours on a clock, marked when it falls on a later day than the start: "02:00 (+1 dia)",
 * "2:00 AM (+1 day)" (a night past midnight). Every screen that shows a night's hours says it from here: the
 * events list and a night's page (formatEndClock, the night as typed), the queue's banner and the public page
 * (formatEndTime, its instants).
 */
export function formatEndTime(start: string | Date, end: string | Date, timeZone?: string): string {
  const zone = zoneOr(timeZone)
  const dayOf = (value: string | Date) =>
    zone ? zonedParts(new Date(value), zone).date : new Date(value).toDateString()
  return markLaterDay(formatTime(end, timeZone), dayOf(end) !== dayOf(start))
}

/**
 * formatEndTime for hours typed as HH:MM on the guild's clock (RaidNight.startTime, endTime): an end before
 * the start is the next day's, as the server reads it (server/modules/raid-nights/night-times.ts).
 */
export function formatEndClock(startTime: string, endTime: string): string {
  return markLaterDay(formatClock(endTime), endTime <= startTime)
}

/**
 * A night's span of hours, written one way on every screen: "20:00 às 23:00", "22:00 às 02:00 (+1 dia)",
 * "8:00 PM to 11:00 PM". From its instants on the clock of `timeZone` (the queue's banner, the public page).
 */
export function formatTimeSpan(start: string | Date, end: string | Date, timeZone?: string): string {
  return timeSpan(formatTime(start, timeZone), formatEndTime(start, end, timeZone))
}

/** formatTimeSpan for hours typed as HH:MM on the guild's clock (the events list, a night's page). */
export function formatClockSpan(startTime: string, endTime: string): string {
  return timeSpan(formatClock(startTime), formatEndClock(startTime, endTime))
}

const timeSpan = (start: string, end: string) => i18n.t('timeSpan', { ns: 'common', start, end })

const markLaterDay = (time: string, later: boolean) =>
  later ? `${time} ${i18n.t('nextDay', { ns: 'common' })}` : time

/**
 * "America/Sao Paulo (GMT-3)": the zone's name and its offset at `at` (now by default; a night's start for the
 * offset it has that day).
 */
export function zoneLabel(zone: string, at = new Date()) {
  let offset = ''
  try {
    offset =
      new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
  } catch {}
  const name = zone.replaceAll('_', ' ')
  return offset ? `${name} (${offset})` : name
}

/**
 * `zone` as a person reads it, in the interface language: its place where the zone data names one ("Horário
 * Alemanha", "Horário Nova York", "Germany Time", "São Paulo Time"), else the zone's own name ("Eastern Time",
 * "Horário Padrão de Brasília"), else its offset ("GMT-3"); contract/zone-name.ts says how.
 */
export function zoneName(zone: string, at: Date = new Date()): string {
  return nameOfZone(zone, LOCALE_OF[currentLanguage()], at)
}

type Instants = string | Date | readonly (string | Date)[]

/**
 * The one rule of every time read on a guild's clock (a raid night's, and the times shown beside it): the
 * name of `zone` (zoneName) when the reader's clock reads otherwise at `at` (an instant, or each of several: a
 * night's start and end), so that nobody compares the guild's 18:00 with their own 14:00 unaware; null when
 * their clock reads the same there, and a time needs no zone said (docs/product-rules.md, "Raid nights").
 * `reader`: the reader's zone, their browser's by default (said too when the browser cannot tell).
 */
export function otherZoneName(zone: string, at: Instants, reader = browserTimeZone()): string | null {
  const instants = (typeof at === 'string' || at instanceof Date ? [at] : at).map((value) => new Date(value))
  if (reader && sameClock(zone, reader, instants)) return null
  return zoneName(zone, instants[0])
}

/**
 * The other half of that rule, for the times shown on the reader's own clock (the history's and the activity
 * log's, the public page's, a player's page): the name of the reader's zone when their clock reads otherwise
 * than the guild's (`zone`) at `at`, so that nobody takes their own 03:18 for the guild's; null when it reads
 * the same, or when the browser cannot tell its zone (docs/product-rules.md, "Raid nights").
 */
export function readerZoneName(zone: string, at: Instants, reader = browserTimeZone()): string | null {
  const instants = (typeof at === 'string' || at instanceof Date ? [at] : at).map((value) => new Date(value))
  if (!reader || instants.length === 0 || sameClock(zone, reader, instants)) return null
  return zoneName(reader, instants[0])
}
