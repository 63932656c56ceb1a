import type { RaidNightInput } from '../../../contract/raid-nights'
import { addDays, zonedInstant, zonedParts } from '../../../contract/zoned-time'

// A night's date and times as typed in the guild's time zone, and the instants stored
// (docs/decisions/016-raid-nights.md).

type Typed = Pick<RaidNightInput, 'date' | 'startTime' | 'endTime'>

/** The instants of a night typed as date, start and optional end: an end not after the start is the next day's. */
export function nightInstants(typed: Typed, timeZone: string): { startsAt: Date; endsAt: Date | null } {
  const startsAt = zonedInstant(typed.date, typed.startTime, timeZone)
  if (!typed.endTime) return { startsAt, endsAt: null }
  const endDate = typed.endTime > typed.startTime ? typed.date : addDays(typed.date, 1)
  return { startsAt, endsAt: zonedInstant(endDate, typed.endTime, timeZone) }
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
