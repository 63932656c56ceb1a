import { wallClock } from './wall-clock'

// A time zone's wall clock and instants, both ways, with the platform's own zone data (Intl), for the server and the
// browser ("today" from the reader's midnight: web/features/items/api/get-items-summary.ts). Raid nights
// are typed as a date and a time in the guild's zone (docs/decisions/016-raid-nights.md).

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/**
 * The wall clock of `timeZone` at `at`, to the minute, read as if it were UTC (milliseconds); NaN for NaN (Intl
 * throws RangeError on an invalid Date).
 */
function wallAsUtc(at: number, timeZone: string): number {
  if (!Number.isFinite(at)) return Number.NaN
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute)
}

/**
 * The instant at which `timeZone`'s clock reads `date` (YYYY-MM-DD) `time` (HH:MM). A wall time skipped by a
 * daylight-saving jump is read with the offset before the jump (it lands an hour later); a repeated one is
 * its first occurrence. A date or time that is not one (a form's value while typed, or a day past the year 9999
 * that addDays cannot write): an invalid Date, never a throw, for the event form reads what is being typed
 * (web/features/raid-nights/components/night-long-note.tsx; 31/12/9999 23:00 to 01:00 crashed the page).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return new Date(Number.NaN)
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wanted = Date.UTC(year, month - 1, day, hour, minute)
  // The zone's offsets a day before and a day after: any offset change near the wanted time is between.
  const offsetBefore = wallAsUtc(wanted - DAY_MS, timeZone) - (wanted - DAY_MS)
  const offsetAfter = wallAsUtc(wanted + DAY_MS, timeZone) - (wanted + DAY_MS)
  const readsWanted = [wanted - offsetBefore, wanted - offsetAfter]
    .filter((at) => wallAsUtc(at, timeZone) === wanted)
    .sort((a, b) => a - b)
  return new Date(readsWanted[0] ?? wanted - offsetBefore)
}

/** `at` on `timeZone`'s clock: the date (YYYY-MM-DD) and time (HH:MM); empty for an invalid Date. */
export function zonedParts(at: Date, timeZone: string): { date: string; time: string } {
  const wall = new Date(wallAsUtc(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS, timeZone))
  if (Number.isNaN(wall.getTime())) return { date: '', time: '' }
  const iso = wall.toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}
