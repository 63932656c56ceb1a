import { type AttendanceUpdate, isHereTonight, type Tonight } from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import type { Tx } from '../../db/client'
import {
  deleteMarks,
  guildPlayerIds,
  latestNightActivity,
  marksOf,
  prefillMarks,
  refoldAttendanceRow,
  upsertMarks,
} from './attendance.queries'
import {
  findNight,
  guildNightSettings,
  lockNight,
  nextNightStart,
  previousNightId,
  runningNight,
} from './raid-nights.queries'
import type { NightAttendance } from '../../../contract/enums'

// A night's attendance: one mark per player (present, late, bench, excused, no-show), set as exceptions or
// prefilled in one go (docs/product-rules.md, "Raid nights").

type Mark = { playerId: string; status: NightAttendance | null }

/** A member's attendance saves of one night this close together are one activity row. */
export const ATTENDANCE_FOLD_MS = 10 * 60_000

/** "Raid · marks 12" (contract/activity-description.ts puts the count into words), and back. */
const marksDescription = (nightName: string, count: number) => `${nightName} · marks ${count}`
const MARKS = / · marks (\d+)$/

/**
 * The activity row of an attendance save. Marking from the keyboard saves each mark on its own, and a row
 * per mark buried the night's awards (outside test F, defect 6): when the night's latest activity row is an
 * attendance row of the same member, less than ATTENDANCE_FOLD_MS old and not undone, it takes this save's
 * count (summed) and time instead; anything else logged for the night since (another member's save, an award,
 * an edit) starts a new row, so the log's order stays true (docs/product-rules.md, "History and activity";
 * docs/decisions/016-raid-nights.md). The caller holds the night's row lock: two saves of the night are
 * folded one after the other, and an award (FOR SHARE on the night) cannot log between the read and the write.
 */
async function logMarks(
  tx: Tx,
  actor: GuildActor,
  night: { id: string; name: string },
  count: number,
  now: Date,
) {
  const latest = await latestNightActivity(tx, actor.guildId, night.id)
  const age = latest ? now.getTime() - latest.createdAt.getTime() : Number.POSITIVE_INFINITY
  const earlier = latest && MARKS.exec(latest.description)
  if (
    latest?.actionType === 'ATTENDANCE_UPDATE' &&
    latest.userId === actor.userId &&
    latest.undoneAt === null &&
    age >= 0 &&
    age < ATTENDANCE_FOLD_MS &&
    earlier
  ) {
    const total = Number(earlier[1]) + count
    await refoldAttendanceRow(tx, actor.guildId, latest.id, marksDescription(night.name, total), now)
    return
  }
  await insertAuditRow(tx, {
    ...actor,
    tableName: 'raid_nights',
    actionType: 'ATTENDANCE_UPDATE',
    recordId: night.id,
    description: marksDescription(night.name, count),
    eventId: night.id,
    at: now,
  })
}

/**
 * Sets the given marks (null: unmark) in one transaction, with the activity row naming how many changed
 * (logMarks: folded into the member's save just before). A player of another guild is not found (404) and
 * nothing changes; marks that change nothing write nothing.
 */
async function writeMarks(deps: Deps, actor: GuildActor, nightId: string, marks: Mark[]) {
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    const night = await lockNight(tx, actor.guildId, nightId)
    if (!night) throw new AppError('NOT_FOUND')
    const byPlayer = new Map(marks.map((mark) => [mark.playerId, mark.status]))
    const known = await guildPlayerIds(tx, actor.guildId, [...byPlayer.keys()])
    if (known.size !== byPlayer.size) throw new AppError('NOT_FOUND')
    const set = [...byPlayer].flatMap(([playerId, status]) => (status ? [{ playerId, status }] : []))
    const unset = [...byPlayer].flatMap(([playerId, status]) => (status ? [] : [playerId]))
    const count =
      (await upsertMarks(tx, actor.guildId, nightId, set, now)) +
      (await deleteMarks(tx, actor.guildId, nightId, unset))
    if (count === 0) return 0
    await logMarks(tx, actor, night, count, now)
    return count
  })
  if (changed > 0) await deps.realtime.publish({ guildId: actor.guildId, topic: 'raid-nights' })
  return { changed }
}

export function updateAttendance(deps: Deps, actor: GuildActor, nightId: string, input: AttendanceUpdate) {
  return writeMarks(deps, actor, nightId, input.entries)
}

/**
 * Every active player's mark in one click (those who could have come: a player created after the night is
 * left off it): as on the previous night of the same name (a player not marked there, or a no-show there, is
 * left unmarked: prefillMarks), or everyone present.
 */
export async function prefillAttendance(
  deps: Deps,
  actor: GuildActor,
  nightId: string,
  from: 'previous' | 'everyone',
) {
  const { db } = deps.database
  // Another guild's night: 404 before anything is read of it (prefillMarks would find no one to mark).
  const night = await findNight(db, actor.guildId, nightId)
  if (!night) throw new AppError('NOT_FOUND')
  let sourceId: string | null = null
  if (from === 'previous') {
    sourceId = await previousNightId(db, actor.guildId, night)
    if (!sourceId) throw new AppError('NO_PREVIOUS_RAID_NIGHT')
  }
  const rows = await prefillMarks(db, actor.guildId, nightId, sourceId)
  const unmarkedNoShows = rows.filter((row) => row.wasNoShow).length
  if (rows.length === 0) return { changed: 0, unmarkedNoShows }
  const marks = rows.map(({ playerId, status }) => ({ playerId, status }))
  return { ...(await writeMarks(deps, actor, nightId, marks)), unmarkedNoShows }
}

/**
 * The night running now, if any, and the instants at which that stops being right (it ends; the next one
 * starts): an answer that depends on it is cached until then.
 */
export async function currentNight(deps: Deps, guildId: string) {
  const { db } = deps.database
  const now = deps.now()
  const night = await runningNight(db, guildId, now)
  const nextStart = await nextNightStart(db, guildId, now)
  const changesAt = [night?.runsUntil, nextStart].filter((at) => at != null)
  const soonest = changesAt.length > 0 ? new Date(Math.min(...changesAt.map(Number))) : null
  return {
    night,
    changesAt: changesAt.map((at) => at.toISOString()),
    checkAgainAt: soonest?.toISOString() ?? null,
  }
}

/** The night running now and its marks, for every queue panel (cached as currentNight says). */
export async function tonight(deps: Deps, guildId: string) {
  const { night, changesAt, checkAgainAt } = await currentNight(deps, guildId)
  if (!night) return { value: { night: null, attendance: {}, checkAgainAt } satisfies Tonight, changesAt }
  const { db } = deps.database
  const marks = await marksOf(db, guildId, night.id)
  const { timeZone } = await guildNightSettings(db, guildId)
  const value: Tonight = {
    night: {
      id: night.id,
      name: night.name,
      startsAt: night.startsAt.toISOString(),
      runsUntil: night.runsUntil.toISOString(),
      timeZone,
    },
    attendance: Object.fromEntries(marks.map((mark) => [mark.playerId, mark.status as NightAttendance])),
    checkAgainAt,
  }
  return { value, changesAt }
}

/** Whether a player is here for the queues during the night running now. */
export type HereTonight = (playerId: string) => boolean

/**
 * Who is here for the queues at this moment (`here`: null when no night runs, everyone is; else who it does
 * not mark away), and when that stops being right without a write (the night ends, the next one starts).
 */
export type NightNow = { here: HereTonight | null; checkAgainAt: string | null }

export async function hereNow(deps: Deps, guildId: string): Promise<NightNow> {
  const { value } = await tonight(deps, guildId)
  const { checkAgainAt } = value
  if (!value.night) return { here: null, checkAgainAt }
  return { here: (playerId) => isHereTonight(value.attendance[playerId]), checkAgainAt }
}

/** The night running now for the public page: its name and times and who it marks away, not why. */
export async function publicTonight(deps: Deps, guildId: string) {
  const { value, changesAt } = await tonight(deps, guildId)
  const { checkAgainAt } = value
  if (!value.night) return { tonight: null, checkAgainAt, changesAt }
  const away = Object.entries(value.attendance).filter(([, mark]) => !isHereTonight(mark))
  // The public page reads a night on the guild's clock, as the dashboard does (docs/product-rules.md,
  // "Raid nights"): the zone goes with it; the night's id does not.
  const { id: _, ...night } = value.night
  return { tonight: { ...night, awayPlayerIds: away.map(([playerId]) => playerId) }, checkAgainAt, changesAt }
}
