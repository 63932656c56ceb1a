import type { ErrorVar } from '../../lib/app-error'
import { nightRunsUntil } from '../../../contract/night-span'
import { nightSaid, nightsMeet } from '../raid-nights/night-times'
import type { RawProblem, Where } from './import-records'

// One night at a time (docs/decisions/016-raid-nights.md, "One night at a time"), for an import: an active
// night it creates may not meet another one it creates, nor an active night the guild already has (the guild's
// nights are never replaced: a night of the file found in the guild is that one, kept as it is). Completed,
// archived and cancelled nights do not run, so they may meet anything. Nights of the guild that met each other
// before the rule are not the import's problem.

export type TimedNight = { name: string; startsAt: Date; endsAt: Date | null }
/** A night the import creates (where it is in its file), or one of the guild's (where: null). */
type Placed = TimedNight & { where: Where | null }

/** A night's name, date and hours on the guild's clock, as a message names them (`prefix`: the other night's). */
function said(night: TimedNight, timeZone: string, prefix: '' | 'other'): Record<string, ErrorVar> {
  const times = nightSaid({ startsAt: night.startsAt, runsUntil: nightRunsUntil(night) }, timeZone)
  const name = (key: string) => (prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key)
  return {
    [name('name')]: night.name,
    [name('date')]: times.date,
    [name('start')]: times.start,
    [name('end')]: times.end,
  }
}

/**
 * A problem for each created active night that meets another active night: `raidNightOverlap` when the other
 * is in the import too (said on the later of the two), `raidNightOverlapsGuild` when it is the guild's.
 * One pass by start, keeping the night that runs longest so far: a night meets an earlier one exactly when it
 * starts before that one stops running (nightsMeet).
 */
export function overlapProblems(
  created: (TimedNight & { where: Where })[],
  guildActive: TimedNight[],
  timeZone: string,
): RawProblem[] {
  const problems: RawProblem[] = []
  // Stable: at the same start the guild's night comes first, then the file's in their order.
  const nights: Placed[] = [...guildActive.map((n) => ({ ...n, where: null })), ...created].toSorted(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
  )
  let reach: Placed | null = null
  for (const night of nights) {
    if (reach && (reach.where || night.where) && nightsMeet(reach, night)) {
      const [blamed, other] = night.where ? [night, reach] : [reach, night]
      problems.push({
        ...blamed.where!,
        code: other.where ? 'raidNightOverlap' : 'raidNightOverlapsGuild',
        field: 'startsAt',
        value: `${blamed.name} · ${blamed.startsAt.toISOString()}`,
        vars: { ...said(blamed, timeZone, ''), ...said(other, timeZone, 'other') },
      })
    }
    if (!reach || nightRunsUntil(night) > nightRunsUntil(reach)) reach = night
  }
  return problems
}

/** The time the file's active nights take, from the first start until the last stops running (null: none). */
export function activeSpan(nights: (TimedNight & { status: string })[]) {
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (const night of nights) {
    if (night.status !== 'active') continue
    first = Math.min(first, night.startsAt.getTime())
    last = Math.max(last, nightRunsUntil(night).getTime())
  }
  return first < last ? { startsAt: new Date(first), runsUntil: new Date(last) } : null
}
