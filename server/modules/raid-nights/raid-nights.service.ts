import type { AuditAction } from '../../../contract/enums'
import {
  RAID_NIGHTS_PAGE_SIZE,
  type RaidNight,
  type RaidNightDetail,
  type RaidNightInput,
  type RaidNightList,
  type RaidNightStatus,
} from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import type { DbOrTx, Tx } from '../../db/client'
import type { GuildActor } from '../../lib/actor'
import { sortByName } from '../../../contract/names'
import { lockGuildRow } from '../../db/guild-scope'
import { AppError } from '../../lib/app-error'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { nightAwards } from '../history/history.service'
import { attendanceRows } from './attendance.queries'
import { announceRecap } from './night-recap'
import { nightRunsUntil } from '../../../contract/night-span'
import { awardTimesSaid, nightInstants, nightSaid, typedNight } from './night-times'
import {
  awardSpan,
  countNights,
  deleteNight,
  findNight,
  guildNightSettings,
  hasAwards,
  insertNight,
  listNights,
  lockNight,
  type NightRow,
  overlappingNight,
  previousNightId,
  runningNight,
  updateNight,
} from './raid-nights.queries'

// Raid nights: create, edit, copy, delete, and their statuses (docs/product-rules.md, "Raid nights").
// Every change writes its audit row in its transaction and tells open screens (topic raid-nights).

/**
 * Running: the night the queues count as tonight (runningNight): the active night that started last, until
 * its end. An earlier one whose hours are not over stopped running when the later one started.
 */
function phaseOf(row: NightRow, now: Date, runningId: string | null): RaidNight['phase'] {
  if (row.startsAt > now) return 'upcoming'
  return row.id === runningId ? 'running' : 'ended'
}

export function toRaidNight(row: NightRow, timeZone: string, now: Date, runningId: string | null): RaidNight {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as RaidNightStatus,
    phase: phaseOf(row, now, runningId),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    runsUntil: row.runsUntil.toISOString(),
    ...typedNight(row, timeZone),
    attendance: {
      present: row.present,
      late: row.late,
      bench: row.bench,
      excused: row.excused,
      noShow: row.noShow,
    },
    awards: row.awards,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listRaidNights(
  deps: Deps,
  guildId: string,
  query: { when: 'upcoming' | 'past'; page: number },
): Promise<RaidNightList> {
  const { db } = deps.database
  const now = deps.now()
  const { timeZone } = await guildNightSettings(db, guildId)
  const rows = await listNights(db, guildId, {
    when: query.when,
    now,
    limit: RAID_NIGHTS_PAGE_SIZE,
    offset: (query.page - 1) * RAID_NIGHTS_PAGE_SIZE,
  })
  const total = await countNights(db, guildId, query.when, now)
  const running = await runningNight(db, guildId, now)
  return { timeZone, nights: rows.map((row) => toRaidNight(row, timeZone, now, running?.id ?? null)), total }
}

export async function getRaidNight(deps: Deps, guildId: string, id: string): Promise<RaidNightDetail> {
  const { db } = deps.database
  const row = await findNight(db, guildId, id)
  if (!row) throw new AppError('NOT_FOUND')
  const { timeZone } = await guildNightSettings(db, guildId)
  const attendance = sortByName(
    await attendanceRows(db, guildId, id),
    (a) => a.playerName,
    (a) => a.playerId,
  )
  const now = deps.now()
  const running = await runningNight(db, guildId, now)
  return {
    ...toRaidNight(row, timeZone, now, running?.id ?? null),
    timeZone,
    attendanceRows: attendance.map((a) => ({
      ...a,
      playerStatus: a.playerStatus as RaidNightDetail['attendanceRows'][number]['playerStatus'],
      status: a.status as RaidNightDetail['attendanceRows'][number]['status'],
    })),
    awardRows: await nightAwards(deps, guildId, id),
    previousId: await previousNightId(db, guildId, row),
  }
}

type NightWrite = { actionType: AuditAction; nightId: string; description: string }

/** One change of a night: the write, its audit row (linked to the night), then the live update. */
async function writeNight(
  deps: Deps,
  actor: GuildActor,
  change: (tx: Tx, now: Date) => Promise<NightWrite | null>,
) {
  const now = deps.now()
  const done = await deps.database.db.transaction(async (tx) => {
    const write = await change(tx, now)
    if (!write) return null
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'raid_nights',
      actionType: write.actionType,
      recordId: write.nightId,
      description: write.description,
      eventId: write.actionType === 'EVENT_DELETE' ? null : write.nightId,
      at: now,
    })
    return write
  })
  if (done) await deps.realtime.publish({ guildId: actor.guildId, topic: 'raid-nights' })
  return done
}

/**
 * "Raid · 2026-12-10 20:00 Europe/Berlin": what a night's audit row names, its start on the guild's clock and
 * that clock's zone, so the log can say it to a reader on another (contract/activity-description.ts).
 */
async function nightLabel(db: DbOrTx, guildId: string, name: string, startsAt: Date) {
  const { timeZone } = await guildNightSettings(db, guildId)
  const typed = typedNight({ startsAt, endsAt: null }, timeZone)
  return `${name} · ${typed.date} ${typed.startTime} ${timeZone}`
}

/**
 * A guild runs one night at a time: refuses times that meet another active night of the guild (a later start
 * would silently take over the one running: its queues, its marks, its awards), 409 RAID_NIGHT_OVERLAP naming
 * that night on the guild's clock, said under the form's start time when `onStartTime`. A night ending as the
 * other starts is fine. The caller took the guild's row lock (lockGuildRow) before any night's: two officers
 * scheduling at once are checked one after the other, and an import (guild lock, then its nights) waits or
 * is waited for, never both.
 */
async function refuseOverlap(
  tx: Tx,
  guildId: string,
  night: { startsAt: Date; endsAt: Date | null },
  options: { except?: string; onStartTime?: boolean },
) {
  const span = { startsAt: night.startsAt, runsUntil: nightRunsUntil(night) }
  const other = await overlappingNight(tx, guildId, span, options.except)
  if (!other) return
  const { timeZone } = await guildNightSettings(tx, guildId)
  throw new AppError('RAID_NIGHT_OVERLAP', {
    ...(options.onStartTime ? { fields: { startTime: 'RAID_NIGHT_OVERLAP' } } : {}),
    vars: { name: other.name, ...nightSaid(other, timeZone) },
  })
}

export function createRaidNight(deps: Deps, actor: GuildActor, input: RaidNightInput) {
  return scheduleRaidNight(deps, actor, input, true)
}

/** A new night, refused when its time meets another active night's (said under the start when typed). */
async function scheduleRaidNight(deps: Deps, actor: GuildActor, input: RaidNightInput, typed: boolean) {
  const write = await writeNight(deps, actor, async (tx, now) => {
    await lockGuildRow(tx, actor.guildId)
    const { timeZone } = await guildNightSettings(tx, actor.guildId)
    const times = nightInstants(input, timeZone)
    await refuseOverlap(tx, actor.guildId, times, { onStartTime: typed })
    const values = { name: input.name, description: input.description ?? null, ...times }
    const nightId = await insertNight(tx, actor.guildId, { ...values, createdBy: actor.userId }, now)
    const description = await nightLabel(tx, actor.guildId, input.name, times.startsAt)
    return { actionType: 'EVENT_CREATE', nightId, description }
  })
  return getRaidNight(deps, actor.guildId, write!.nightId)
}

/**
 * "Same as last week": name, description and times, seven days later; no attendance. Refused like any new
 * night when that time is taken: copying the same night twice meets the first copy.
 */
export async function copyRaidNight(deps: Deps, actor: GuildActor, id: string) {
  const source = await getRaidNight(deps, actor.guildId, id)
  const [year, month, day] = source.date.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day + 7)).toISOString().slice(0, 10)
  const { name, description, startTime, endTime } = source
  return scheduleRaidNight(deps, actor, { name, description, date, startTime, endTime }, false)
}

const EDITED_FIELDS = ['name', 'description', 'date', 'startTime', 'endTime'] as const
const TIME_FIELDS = ['date', 'startTime', 'endTime'] as const

/**
 * A night's awards were handed out while it ran: new times must still hold every one, from its start until it
 * stops running (its end, or NIGHT_DEFAULT_HOURS), or the night would show loot handed out outside its hours
 * and the calendar and the public page would follow times it did not run at. Refused with 409
 * RAID_NIGHT_AWARDS_OUTSIDE naming how many and when (on the guild's clock), said under the first time field
 * the edit changed; nothing is written. Only the awards are held to it (docs/decisions/016-raid-nights.md,
 * "Moving a night that has awards"). The caller holds the night's row lock, which an award waits for.
 */
async function refuseAwardsOutside(
  tx: Tx,
  guildId: string,
  id: string,
  times: { startsAt: Date; endsAt: Date | null },
  changed: readonly string[],
) {
  const { count, first, last } = await awardSpan(tx, guildId, id)
  if (count === 0 || !first || !last) return
  if (first >= times.startsAt && last < nightRunsUntil(times)) return
  const { timeZone } = await guildNightSettings(tx, guildId)
  const field = TIME_FIELDS.find((f) => changed.includes(f)) ?? 'startTime'
  throw new AppError('RAID_NIGHT_AWARDS_OUTSIDE', {
    fields: { [field]: 'RAID_NIGHT_AWARDS_OUTSIDE' },
    vars: { count, ...awardTimesSaid(first, last, timeZone) },
  })
}

/**
 * Only the fields given change; the times are typed again on the guild's clock. Nothing changed: no write.
 * New times are refused when they leave out one of the night's awards (any status), and, for an active night,
 * when they meet another active night's.
 */
export async function updateRaidNight(
  deps: Deps,
  actor: GuildActor,
  id: string,
  patch: Partial<RaidNightInput>,
) {
  await writeNight(deps, actor, async (tx, now) => {
    await lockGuildRow(tx, actor.guildId)
    if (!(await lockNight(tx, actor.guildId, id))) throw new AppError('NOT_FOUND')
    const row = (await findNight(tx, actor.guildId, id))!
    const { timeZone } = await guildNightSettings(tx, actor.guildId)
    const current = { name: row.name, description: row.description, ...typedNight(row, timeZone) }
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
    const next = { ...current, ...given } as typeof current
    const changed = EDITED_FIELDS.filter((field) => (next[field] ?? null) !== (current[field] ?? null))
    if (changed.length === 0) return null
    const times = nightInstants(next, timeZone)
    const moved =
      times.startsAt.getTime() !== row.startsAt.getTime() ||
      (times.endsAt?.getTime() ?? null) !== (row.endsAt?.getTime() ?? null)
    if (moved) await refuseAwardsOutside(tx, actor.guildId, id, times, changed)
    if (row.status === 'active' && moved)
      await refuseOverlap(tx, actor.guildId, times, { except: id, onStartTime: true })
    const values = { name: next.name, description: next.description ?? null, ...times }
    await updateNight(tx, actor.guildId, id, values, now)
    return { actionType: 'EVENT_UPDATE', nightId: id, description: `${next.name} · ${changed.join(', ')}` }
  })
  return getRaidNight(deps, actor.guildId, id)
}

/** A night with awards is never deleted (archive it); its marks go with it. */
export async function deleteRaidNight(deps: Deps, actor: GuildActor, id: string) {
  await writeNight(deps, actor, async (tx) => {
    const night = await lockNight(tx, actor.guildId, id)
    if (!night) throw new AppError('NOT_FOUND')
    if (await hasAwards(tx, actor.guildId, id)) throw new AppError('RAID_NIGHT_HAS_AWARDS')
    await deleteNight(tx, actor.guildId, id)
    const description = await nightLabel(tx, actor.guildId, night.name, night.startsAt)
    return { actionType: 'EVENT_DELETE', nightId: id, description }
  })
}

/** Each action: the statuses it may start from, where it leaves the night, and its audit action. */
const TRANSITIONS = {
  complete: { from: ['active'], to: 'completed', audit: 'EVENT_COMPLETE' },
  archive: { from: ['active', 'completed', 'cancelled'], to: 'archived', audit: 'EVENT_ARCHIVE' },
  reopen: { from: ['completed', 'archived', 'cancelled'], to: 'active', audit: 'EVENT_REOPEN' },
  cancel: { from: ['active'], to: 'cancelled', audit: 'EVENT_CANCEL' },
} as const satisfies Record<string, { from: RaidNightStatus[]; to: RaidNightStatus; audit: AuditAction }>

export type RaidNightAction = keyof typeof TRANSITIONS

/**
 * Complete, archive, reopen or cancel. A night that did not happen (cancelled) cannot hold awards. Locking
 * the night waits for the awards under way, so none lands in a night after it was completed. Reopening is
 * refused when the night's time meets another active night's (the guild's row locked first, as a new night).
 */
export async function actOnRaidNight(deps: Deps, actor: GuildActor, id: string, action: RaidNightAction) {
  const rule = TRANSITIONS[action]
  let announced = false
  await writeNight(deps, actor, async (tx, now) => {
    if (action === 'reopen') await lockGuildRow(tx, actor.guildId)
    const night = await lockNight(tx, actor.guildId, id)
    if (!night) throw new AppError('NOT_FOUND')
    if (!(rule.from as readonly string[]).includes(night.status)) throw new AppError('RAID_NIGHT_STATUS')
    if (action === 'reopen') await refuseOverlap(tx, actor.guildId, night, { except: id })
    if (action === 'cancel' && (await hasAwards(tx, actor.guildId, id))) {
      throw new AppError('RAID_NIGHT_HAS_AWARDS')
    }
    await updateNight(tx, actor.guildId, id, { status: rule.to }, now)
    // Completing a night announces its recap (Discord, webhooks, e-mails) in this transaction; a night completed
    // before its start has none: nothing happened yet, and copied marks would tell of no-shows to come.
    if (action === 'complete' && night.startsAt <= now)
      announced = await announceRecap(tx, deps, actor, id, now)
    const description = await nightLabel(tx, actor.guildId, night.name, night.startsAt)
    return { actionType: rule.audit, nightId: id, description }
  })
  if (announced) deps.announcer.wake()
  return getRaidNight(deps, actor.guildId, id)
}
