import type { RaidNight } from '@contract/raid-nights'
import { formatCalendarDate, formatClock, formatClockSpan } from '@web/lib/format'

// A night's date and times read on the guild's clock, as typed (RaidNight.date, startTime, endTime), never
// converted to the reader's: the officer scheduled "Thursday 20:00" in the guild's time zone.

type Typed = Pick<RaidNight, 'date' | 'startTime' | 'endTime'>

export const nightDate = (night: Typed) => formatCalendarDate(night.date)

/** "20:00", "20:00 às 23:00", or "22:00 às 02:00 (+1 dia)" past midnight. */
export function nightTimes(night: Typed) {
  return night.endTime ? formatClockSpan(night.startTime, night.endTime) : formatClock(night.startTime)
}

/** Today's date on the guild's clock (YYYY-MM-DD): a new night's default. */
export function todayIn(zone: string, at = new Date()) {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(at)
  } catch {
    return at.toISOString().slice(0, 10)
  }
}
