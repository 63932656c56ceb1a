import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { auditLogs, players, raidNightAttendance, raidNights } from '../../db/schema'
import { runsUntil } from './raid-nights.queries'
import type { NightAttendance } from '../../../contract/enums'

// The SQL of a night's attendance. Every function takes the guild id and filters by it.

/**
 * Who belongs on a night's attendance list (docs/product-rules.md, "Raid nights"): anyone with a mark on it
 * (typed for a player created later, or imported: on purpose), and every active player who could have come
 * (couldHaveCome). A player created after a night could not have been there: listed on it, they would read
 * "not marked" on a completed night whose recap counted without them (outside tester, 2026-12-07). Read over
 * `players` with the night (theNight) and its `raid_night_attendance` row joined, as `attendanceRows` does.
 */
const onNightRoster = () => or(isNotNull(raidNightAttendance.status), couldHaveCome())

/**
 * An active player created before the night stopped running (its end, or NIGHT_DEFAULT_HOURS after its start:
 * `runsUntil`), or before the night itself was created: a night recorded after the fact (officers may) lists
 * the roster the officer recorded it with, not no one. The players a prefill marks (prefillMarks).
 */
const couldHaveCome = () =>
  and(eq(players.isActive, true), sql`${players.createdAt} < greatest(${runsUntil}, ${raidNights.createdAt})`)

/** The guild's night `nightId`, joined to a select over `players` (nothing when the night is another guild's). */
const theNight = (guildId: string, nightId: string) =>
  and(eq(raidNights.id, nightId), eq(raidNights.guildId, guildId))

/**
 * One row per player on the night's list (onNightRoster), with the mark (null: not marked). The night's
 * totals are counted from these rows (web/features/raid-nights/components/night-totals.tsx); the lists' and
 * the recap's counts are of marks alone (nightColumns), which the rule always keeps. Unordered: the service
 * sorts by name as every list does (contract/names.ts).
 */
export async function attendanceRows(db: DbOrTx, guildId: string, nightId: string) {
  return db
    .select({
      playerId: players.id,
      playerName: players.name,
      playerStatus: players.playerStatus,
      status: raidNightAttendance.status,
    })
    .from(players)
    .innerJoin(raidNights, theNight(guildId, nightId))
    .leftJoin(
      raidNightAttendance,
      and(
        eq(raidNightAttendance.raidNightId, raidNights.id),
        eq(raidNightAttendance.guildId, guildId),
        eq(raidNightAttendance.playerId, players.id),
      ),
    )
    .where(and(eq(players.guildId, guildId), onNightRoster()))
}

/** The night's marks by player (every mark: the queue panel's "tonight"). */
export async function marksOf(db: DbOrTx, guildId: string, nightId: string) {
  return db
    .select({ playerId: raidNightAttendance.playerId, status: raidNightAttendance.status })
    .from(raidNightAttendance)
    .where(and(eq(raidNightAttendance.guildId, guildId), eq(raidNightAttendance.raidNightId, nightId)))
}

/** Which of these players are the guild's (the others are not found: 404). */
export async function guildPlayerIds(db: DbOrTx, guildId: string, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.guildId, guildId), inArray(players.id, ids)))
  return new Set(rows.map((row) => row.id))
}

/** Sets the marks given, in one statement; answers how many rows changed. */
export async function upsertMarks(
  tx: DbOrTx,
  guildId: string,
  nightId: string,
  marks: { playerId: string; status: NightAttendance }[],
  at: Date,
): Promise<number> {
  if (marks.length === 0) return 0
  const rows = await tx
    .insert(raidNightAttendance)
    .values(marks.map((mark) => ({ raidNightId: nightId, guildId, ...mark, updatedAt: at })))
    .onConflictDoUpdate({
      target: [raidNightAttendance.raidNightId, raidNightAttendance.playerId],
      set: { status: sql`excluded.status`, updatedAt: at },
      setWhere: sql`${raidNightAttendance.status} is distinct from excluded.status`,
    })
    .returning({ playerId: raidNightAttendance.playerId })
  return rows.length
}

export async function deleteMarks(tx: DbOrTx, guildId: string, nightId: string, playerIds: string[]) {
  if (playerIds.length === 0) return 0
  const rows = await tx
    .delete(raidNightAttendance)
    .where(
      and(
        eq(raidNightAttendance.guildId, guildId),
        eq(raidNightAttendance.raidNightId, nightId),
        inArray(raidNightAttendance.playerId, playerIds),
      ),
    )
    .returning({ playerId: raidNightAttendance.playerId })
  return rows.length
}

/**
 * The mark for a prefill of night `nightId` of every active player who could have come to it (couldHaveCome:
 * a player created after a past night is not put on it): as on `sourceId` (unmarked there: not marked), or
 * present. A no-show there is left unmarked (here for the queues, for nobody's attendance until marked): the
 * mark says what happened that night, not the plan for this one, and copied unnoticed it would pass the player
 * (or, by the guild's rule, mark them absent) in every queue tonight; the "Sem marcação" total shows whom to
 * mark. Bench and excused are plans, and late counts as present: copied as they are.
 */
export async function prefillMarks(db: DbOrTx, guildId: string, nightId: string, sourceId: string | null) {
  const source = sourceId
    ? and(
        eq(raidNightAttendance.raidNightId, sourceId),
        eq(raidNightAttendance.guildId, guildId),
        eq(raidNightAttendance.playerId, players.id),
      )
    : sql`false`
  const rows = await db
    .select({ playerId: players.id, status: raidNightAttendance.status })
    .from(players)
    .innerJoin(raidNights, theNight(guildId, nightId))
    .leftJoin(raidNightAttendance, source)
    .where(and(eq(players.guildId, guildId), couldHaveCome()))
  return rows.map((row) => ({
    playerId: row.playerId,
    status: !sourceId
      ? ('present' as const)
      : row.status === 'no_show'
        ? null
        : (row.status as NightAttendance | null),
    wasNoShow: row.status === 'no_show',
  }))
}

/**
 * The night's latest activity row, of any action (the one its log lists first): one probe of
 * audit_logs_event_idx (event_id, created_at, seq), whatever the night's or the guild's log holds. An attendance save folds into it when it is the same member's
 * recent attendance row (attendance.service.ts).
 */
export async function latestNightActivity(tx: DbOrTx, guildId: string, nightId: string) {
  const [row] = await tx
    .select({
      id: auditLogs.id,
      userId: auditLogs.userId,
      actionType: auditLogs.actionType,
      description: auditLogs.description,
      createdAt: auditLogs.createdAt,
      undoneAt: auditLogs.undoneAt,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.eventId, nightId), eq(auditLogs.guildId, guildId)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.seq))
    .limit(1)
  return row
}

/** Rewrites an attendance row folded with a later save: its description (the summed count) and its time. */
export async function refoldAttendanceRow(
  tx: DbOrTx,
  guildId: string,
  id: string,
  description: string,
  at: Date,
) {
  await tx
    .update(auditLogs)
    .set({ description, createdAt: at })
    .where(and(eq(auditLogs.id, id), eq(auditLogs.guildId, guildId)))
}
