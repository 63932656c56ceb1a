import type { TFunction } from 'i18next'
import type { RaidNight } from '@contract/raid-nights'
import { formatCalendarDate, formatClock } from '@web/lib/format'
import { currentLanguage, LOCALE_OF } from '@web/lib/i18n'

// A night's date and times read on the guild's clock, as typed (RaidNight.date, startTime, endTime), never
// converted to the reader's: the officer scheduled "Thursday 20:00" in the guild's time zone.

type Typed = Pick<RaidNight, 'date' | 'startTime' | 'endTime'>

export const nightDate = (night: Typed) => formatCalendarDate(night.date)

/** "20:00" or "20:00 às 23:00". */
export function nightTimes(night: Typed, t: TFunction<'events'>) {
  const start = formatClock(night.startTime)
  return night.endTime ? t('times', { start, end: formatClock(night.endTime) }) : start
}

/** "America/Sao Paulo (GMT-3)": the zone's name and its offset now. */
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

/** Today's date on the guild's clock (YYYY-MM-DD): a new night's default. */
export function todayIn(zone: string, at = new Date()) {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(at)
  } catch {
    return at.toISOString().slice(0, 10)
  }
}
