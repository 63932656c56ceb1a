import { NIGHT_DEFAULT_HOURS } from './raid-nights'
import { addDays, zonedInstant } from './zoned-time'

// A night's span from its date and times as typed on the guild's clock, for the server that stores it
// (server/modules/raid-nights/night-times.ts) and the form that tells an officer, before saving, that the
// night typed has already started or ended (docs/decisions/016-raid-nights.md).

type Typed = { date: string; startTime: string; endTime?: string | null }

/** The instants of a night typed as date, start and optional end: an end before the start is the next day's. */
export function typedNightSpan(typed: Typed, timeZone: string): { startsAt: Date; endsAt: Date | null } {
  const startsAt = zonedInstant(typed.date, typed.startTime, timeZone)
  if (!typed.endTime) return { startsAt, endsAt: null }
  const endDate = typed.endTime > typed.startTime ? typed.date : addDays(typed.date, 1)
  return { startsAt, endsAt: zonedInstant(endDate, typed.endTime, timeZone) }
}

/**
 * The time a night takes: from its start until its end, or NIGHT_DEFAULT_HOURS after its start without one
 * (`runsUntil` in server/modules/raid-nights/raid-nights.queries.ts says the same in SQL).
 */
export function nightRunsUntil(night: { startsAt: Date; endsAt: Date | null }): Date {
  return night.endsAt ?? new Date(night.startsAt.getTime() + NIGHT_DEFAULT_HOURS * 3_600_000)
}
