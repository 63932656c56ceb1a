import type { Language } from '../../../contract/enums'
import { LOCALE_OF } from '../../../contract/plans'
import { nightRunsUntil, typedNightSpan } from '../../../contract/night-span'
import type { RaidNightInput } from '../../../contract/raid-nights'
import { zonedParts } from '../../../contract/zoned-time'
import { AppError } from '../../lib/app-error'

// A night's date and times as typed in the guild's time zone, and the instants stored
// (docs/decisions/016-raid-nights.md).

type Typed = Pick<RaidNightInput, 'date' | 'startTime' | 'endTime'>

/**
 * The instants of a night typed as date, start and optional end: an end before the start is the next day's.
 * An end typed as the start is refused on the end's field (`endEqualsStart`: the contract's schema says it
 * for a whole night, this for a patch that changes one of the two). A start the clock skips that day (daylight
 * saving) lands an hour later (zonedInstant), which can put it at or after an end typed later than it
 * ("02:30 – 03:15" in New York on 2027-03-14): refused, on the end's field, rather than stored as a night that
 * never runs.
 */
export function nightInstants(typed: Typed, timeZone: string): { startsAt: Date; endsAt: Date | null } {
  if (typed.endTime && typed.endTime === typed.startTime)
    throw new AppError('VALIDATION_FAILED', { fields: { endTime: 'endEqualsStart' } })
  const { startsAt, endsAt } = typedNightSpan(typed, timeZone)
  if (endsAt && endsAt <= startsAt)
    throw new AppError('VALIDATION_FAILED', { fields: { endTime: 'endBeforeStart' } })
  return { startsAt, endsAt }
}

/** A stored night as typed: its date, start and end on the guild's clock. */
export function typedNight(night: { startsAt: Date; endsAt: Date | null }, timeZone: string) {
  const start = zonedParts(night.startsAt, timeZone)
  return {
    date: start.date,
    startTime: start.time,
    endTime: night.endsAt ? zonedParts(night.endsAt, timeZone).time : null,
  }
}

type Timed = { startsAt: Date; endsAt: Date | null }

/**
 * Two nights' times meet: each starts before the other stops running (nightRunsUntil, contract/night-span.ts).
 * A night that ends as the other starts does not meet it. A guild runs one active night at a time (docs/decisions/016-raid-nights.md);
 * `meetsSpan` in raid-nights.queries.ts asks the same of the stored nights.
 */
export function nightsMeet(a: Timed, b: Timed): boolean {
  return a.startsAt < nightRunsUntil(b) && b.startsAt < nightRunsUntil(a)
}

/**
 * A night's date and hours on the guild's clock, as a message says them in the reader's language: "qui.,
 * 10/12/2026", "20:00" and "23:00" ("Thu, 12/10/2026", "8:00 PM", "11:00 PM"), as the events screen writes them.
 */
export function nightSaid(night: { startsAt: Date; runsUntil: Date }, timeZone: string) {
  const format = (options: Intl.DateTimeFormatOptions, at: Date) => (language: Language) =>
    new Intl.DateTimeFormat(LOCALE_OF[language], { ...options, timeZone }).format(at)
  const day = { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' } as const
  return {
    date: format(day, night.startsAt),
    start: format({ timeStyle: 'short' }, night.startsAt),
    end: format({ timeStyle: 'short' }, night.runsUntil),
  }
}

/**
 * When a night's awards were handed out, on the guild's clock, as a message says them in the reader's language:
 * the first with its day ("seg., 07/12/2026 05:50"), the last as a time alone when it is the same day.
 */
export function awardTimesSaid(first: Date, last: Date, timeZone: string) {
  const dayAndTime = {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  } as const
  const sameDay = zonedParts(first, timeZone).date === zonedParts(last, timeZone).date
  const format = (options: Intl.DateTimeFormatOptions, at: Date) => (language: Language) =>
    new Intl.DateTimeFormat(LOCALE_OF[language], { ...options, timeZone }).format(at)
  return {
    first: format(dayAndTime, first),
    last: format(sameDay ? { timeStyle: 'short' } : dayAndTime, last),
  }
}
