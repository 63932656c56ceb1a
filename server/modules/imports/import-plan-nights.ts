import { randomUUID } from 'node:crypto'
import type { RaidNightStatus } from '../../../contract/raid-nights'
import type { PlanContext } from './import-plan'
import { overlapProblems } from './import-plan-night-overlap'
import type { MarkRecord, NightRecord, Where } from './import-records'
import { fold } from './import-values'
import type { NightAttendance } from '../../../contract/enums'

// Raid nights and their attendance from a guild export (docs/decisions/012-imports-and-player-page.md,
// "Raid nights"): a night with the same name (case and accents aside) and start (to the second) as one of the
// guild's is that night, kept as it is; the others are created. A mark is added unless the player is
// already marked on that night: the import adds what is missing and never edits. A created active night that
// meets another active night, of the file or of the guild, is a problem: one night at a time
// (import-plan-night-overlap.ts).

/** One night: its name and start, whole seconds (the export keeps milliseconds, a re-typed file may not). */
export const nightKey = (name: string, startsAt: Date) =>
  `${fold(name)}|${Math.floor(startsAt.getTime() / 1000)}`

/** A mark's pair: one player on one night. */
export const markKey = (nightId: string, playerId: string) => `${nightId}|${playerId}`

export type NewNight = {
  id: string
  name: string
  description: string | null
  startsAt: Date
  endsAt: Date | null
  status: RaidNightStatus
  createdAt: Date | null
}
export type NewMark = { raidNightId: string; playerId: string; status: NightAttendance }

/** A night a record can point at: one of the guild's (isNew false) or one the import creates. */
export type KnownNight = { id: string; name: string; isNew: boolean }

/** How the history planner finds a receipt's night, and marks one it uses (to be locked before the writes). */
export type NightLookup = {
  find: (key: string) => KnownNight | undefined
  use: (night: KnownNight) => string
}

export function planNights(nights: NightRecord[], marks: MarkRecord[], ctx: PlanContext) {
  const { problems, counts, existing } = ctx
  const current = new Map(existing.nights.map((n) => [nightKey(n.name, n.startsAt), n]))
  const byFileKey = new Map<string, KnownNight>()
  const seen = new Set<string>()
  const created: NewNight[] = []
  const createdActive: (NewNight & { where: Where })[] = []
  /** The guild's nights new rows point at: locked before the writes, so none can vanish meanwhile. */
  const locked = new Set<string>()
  const use = (night: KnownNight) => {
    if (!night.isNew) locked.add(night.id)
    return night.id
  }
  for (const record of nights) {
    const key = nightKey(record.name, record.startsAt)
    if (seen.has(key)) {
      const value = `${record.name} · ${record.startsAt.toISOString()}`
      problems.push({ ...record.where, code: 'duplicateRaidNight', field: null, value })
      continue
    }
    seen.add(key)
    const found = current.get(key)
    if (found) {
      counts.raidNights.existing++
      byFileKey.set(record.key, { id: found.id, name: found.name, isNew: false })
      continue
    }
    const { where, key: _key, ...values } = record
    const night: NewNight = { id: randomUUID(), ...values }
    created.push(night)
    if (night.status === 'active') createdActive.push({ ...night, where })
    byFileKey.set(record.key, { id: night.id, name: night.name, isNew: true })
    counts.raidNights.create++
  }

  problems.push(...overlapProblems(createdActive, existing.activeNights, existing.timeZone))

  const added: NewMark[] = []
  const markedHere = new Set<string>()
  for (const mark of marks) {
    const night = byFileKey.get(mark.night.key)
    const player = ctx.findPlayer(mark.player)
    if (!night)
      problems.push({ ...mark.where, code: 'unknownRaidNight', field: 'raidNightId', value: mark.night.id })
    if (!player)
      problems.push({ ...mark.where, code: 'unknownPlayer', field: 'playerId', value: mark.player.name })
    if (!night || !player) continue
    const pair = markKey(night.id, player.id)
    if (markedHere.has(pair)) {
      const value = `${night.name} · ${player.name}`
      problems.push({ ...mark.where, code: 'duplicateAttendance', field: null, value })
      continue
    }
    markedHere.add(pair)
    if (!night.isNew && existing.marks.has(pair)) {
      counts.attendance.existing++
      continue
    }
    added.push({ raidNightId: use(night), playerId: ctx.use(player, 'player'), status: mark.status })
    counts.attendance.create++
  }

  const lookup: NightLookup = { find: (key) => byFileKey.get(key), use }
  return { nights: created, marks: added, lookup, lockedNightIds: () => [...locked] }
}
