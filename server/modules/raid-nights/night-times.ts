import type { RaidNightInput } from '../../../contract/raid-nights'
import { addDays, zonedInstant, zonedParts } from '../../../contract/zoned-time'
import { AppError } from '../../lib/app-error'

// A night's date and times as typed in the guild's time zone, and the instants stored
// (docs/decisions/016-raid-nights.md).

type Typed = Pick<RaidNightInput, 'date' | 'startTime' | 'endTime'>

/**
 * The instants of a night typed as date, start and optional end: an end not after the start is the next day's.
 * A start the clock skips that day (daylight saving) lands an hour later (zonedInstant), which can put it at or
 * after an end typed later than it ("02:30 – 03:15" in New York on 2027-03-14): refused, on the end's field,
 * rather than stored as a night that never runs.
 */
export function nightInstants(typed: Typed, timeZone: string): { startsAt: Date; endsAt: Date | null } {
  const startsAt = zonedInstant(typed.date, typed.startTime, timeZone)
  if (!typed.endTime) return { startsAt, endsAt: null }
  const endDate = typed.endTime > typed.startTime ? typed.date : addDays(typed.date, 1)
  const endsAt = zonedInstant(endDate, typed.endTime, timeZone)
  if (endsAt <= startsAt) throw new AppError('VALIDATION_FAILED', { fields: { endTime: 'endBeforeStart' } })
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
