import { and, asc, desc, eq, gt, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import { NIGHT_DEFAULT_HOURS, type RaidNightStatus } from '../../../contract/raid-nights'
import type { DbOrTx } from '../../db/client'
import { guildIdParam, isGuildRow, nowParam } from '../../db/guild-scope'
import { guilds, lootHistory, raidNightAttendance, raidNights } from '../../db/schema'

// The SQL of raid nights themselves. Every function takes the guild id and filters by it.

/** Its end time, or its start plus NIGHT_DEFAULT_HOURS (as the entry action computes it). */
export const runsUntil = sql<Date>`coalesce(${raidNights.endsAt}, ${raidNights.startsAt} + make_interval(hours => ${sql.raw(String(NIGHT_DEFAULT_HOURS))}))`

// Raw SQL with the table's name: in a one-table select drizzle leaves column names unqualified, and inside a
// subquery `id` would be the subquery's own table's.
const countOf = (status: string) =>
  sql<number>`(select count(*) from ${raidNightAttendance} a
    where a.raid_night_id = "raid_nights"."id" and a.status = ${status})::int`

/** What names a night: an award's announcement says no more of it (findNightFields, an undo's recappedNightOf). */
export const nightFields = {
  id: raidNights.id,
  name: raidNights.name,
  description: raidNights.description,
  startsAt: raidNights.startsAt,
  endsAt: raidNights.endsAt,
}

/** A night as lists show it: its fields, the counts of each mark and of its awards. */
export const nightColumns = {
  ...nightFields,
  status: raidNights.status,
  runsUntil: runsUntil.mapWith(raidNights.startsAt),
  createdAt: raidNights.createdAt,
  present: countOf('present'),
  late: countOf('late'),
  bench: countOf('bench'),
  excused: countOf('excused'),
  noShow: countOf('no_show'),
  awards: sql<number>`(select count(*) from ${lootHistory} h where h.event_id = "raid_nights"."id")::int`,
}
export type NightRow = Awaited<ReturnType<typeof findNight>> & {}

/**
 * A later active night of the guild has started by `now`: this one stopped running then, whatever its end
 * (runningNight, below: the night running is the active one that started last).
 */
const supersededAt = (now: Date) =>
  sql`exists (select 1 from ${raidNights} later where later.guild_id = "raid_nights"."guild_id"
    and later.status = 'active' and later.starts_at > "raid_nights"."starts_at"
    and later.starts_at <= ${now.toISOString()}::timestamptz)`

/** Upcoming: active, not yet ended, nor left behind by a later night that started. Past: everything else. */
function whenWhere(guildId: string, when: 'upcoming' | 'past', now: Date): SQL | undefined {
  const upcoming = and(
    eq(raidNights.status, 'active'),
    gt(runsUntil, now),
    or(gt(raidNights.startsAt, now), sql`not ${supersededAt(now)}`),
  )
  return and(eq(raidNights.guildId, guildId), when === 'upcoming' ? upcoming : sql`not (${upcoming})`)
}

export async function listNights(
  db: DbOrTx,
  guildId: string,
  query: { when: 'upcoming' | 'past'; now: Date; limit: number; offset: number },
) {
  const order =
    query.when === 'upcoming'
      ? [asc(raidNights.startsAt), asc(raidNights.id)]
      : [desc(raidNights.startsAt), desc(raidNights.id)]
  return db
    .select(nightColumns)
    .from(raidNights)
    .where(whenWhere(guildId, query.when, query.now))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset)
}

export async function countNights(db: DbOrTx, guildId: string, when: 'upcoming' | 'past', now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(raidNights)
    .where(whenWhere(guildId, when, now))
  return row?.n ?? 0
}

export async function findNight(db: DbOrTx, guildId: string, id: string) {
  const [row] = await db
    .select(nightColumns)
    .from(raidNights)
    .where(isGuildRow(raidNights, guildId, id))
  return row
}

/** A night's own fields, as an award's announcement names it: without the counts a list shows. */
export async function findNightFields(db: DbOrTx, guildId: string, id: string) {
  const [row] = await db
    .select(nightFields)
    .from(raidNights)
    .where(isGuildRow(raidNights, guildId, id))
  return row
}

/** The night, locked: status changes, edits and deletion wait for the awards under way (and these for them). */
export async function lockNight(tx: DbOrTx, guildId: string, id: string) {
  const [row] = await tx
    .select({
      id: raidNights.id,
      name: raidNights.name,
      status: raidNights.status,
      startsAt: raidNights.startsAt,
      endsAt: raidNights.endsAt,
    })
    .from(raidNights)
    .where(isGuildRow(raidNights, guildId, id))
    .for('update')
  return row
}

/**
 * Active nights whose time meets [startsAt, runsUntil): a guild runs one night at a time (docs/product-rules.md,
 * "Raid nights"). A night that ends as the other starts does not meet it (nightsMeet in night-times.ts says the
 * same of two nights in hand).
 */
const meetsSpan = (span: { startsAt: Date; runsUntil: Date }) =>
  and(eq(raidNights.status, 'active'), lt(raidNights.startsAt, span.runsUntil), gt(runsUntil, span.startsAt))

const spanColumns = {
  id: raidNights.id,
  name: raidNights.name,
  startsAt: raidNights.startsAt,
  endsAt: raidNights.endsAt,
  runsUntil: nightColumns.runsUntil,
}

/**
 * The guild's first active night, other than `except`, whose time meets the span. The caller holds the guild's
 * row lock, so two writes cannot both find the time free.
 */
export async function overlappingNight(
  tx: DbOrTx,
  guildId: string,
  span: { startsAt: Date; runsUntil: Date },
  except?: string,
) {
  const [row] = await tx
    .select(spanColumns)
    .from(raidNights)
    .where(
      and(eq(raidNights.guildId, guildId), meetsSpan(span), except ? ne(raidNights.id, except) : undefined),
    )
    .orderBy(asc(raidNights.startsAt), asc(raidNights.id))
    .limit(1)
  return row
}

/** Every active night of the guild whose time meets the span, by start (an import checks its nights with them). */
export async function activeNightsMeeting(
  db: DbOrTx,
  guildId: string,
  span: { startsAt: Date; runsUntil: Date },
) {
  return db
    .select(spanColumns)
    .from(raidNights)
    .where(and(eq(raidNights.guildId, guildId), meetsSpan(span)))
    .orderBy(asc(raidNights.startsAt), asc(raidNights.id))
}

export type NightValues = {
  name: string
  description: string | null
  startsAt: Date
  endsAt: Date | null
}

export async function insertNight(
  tx: DbOrTx,
  guildId: string,
  values: NightValues & { createdBy: string },
  at: Date,
) {
  const [row] = await tx
    .insert(raidNights)
    .values({ guildId, ...values, createdAt: at, updatedAt: at })
    .returning({ id: raidNights.id })
  return row!.id
}

export async function updateNight(
  tx: DbOrTx,
  guildId: string,
  id: string,
  values: Partial<NightValues> & { status?: RaidNightStatus },
  at: Date,
) {
  await tx
    .update(raidNights)
    .set({ ...values, updatedAt: at })
    .where(isGuildRow(raidNights, guildId, id))
}

export async function deleteNight(tx: DbOrTx, guildId: string, id: string) {
  await tx.delete(raidNights).where(isGuildRow(raidNights, guildId, id))
}

export async function hasAwards(tx: DbOrTx, guildId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: lootHistory.id })
    .from(lootHistory)
    .where(and(eq(lootHistory.guildId, guildId), eq(lootHistory.eventId, id)))
    .limit(1)
  return Boolean(row)
}

/**
 * How many awards the night holds and when the first and last were handed out (null times: none): one probe
 * of loot_history_event_idx, whatever the guild's history holds. An edit of its times must keep them inside.
 */
export async function awardSpan(tx: DbOrTx, guildId: string, id: string) {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      first: sql<Date | null>`min(${lootHistory.distributedAt})`.mapWith(lootHistory.distributedAt),
      last: sql<Date | null>`max(${lootHistory.distributedAt})`.mapWith(lootHistory.distributedAt),
    })
    .from(lootHistory)
    .where(and(eq(lootHistory.eventId, id), eq(lootHistory.guildId, guildId)))
  return row!
}

/**
 * The latest night before this one with the same name that did happen (not cancelled): prefill's source. One
 * that starts later is not before it, whatever it overlaps (the page says there is nothing to copy). Of two
 * that start together (the copy of a night moved onto its copy's evening), the one created first comes
 * before: by id alone, a random uuid, the copy would take its source or not by chance.
 */
export async function previousNightId(
  db: DbOrTx,
  guildId: string,
  night: { id: string; name: string; startsAt: Date; createdAt: Date },
) {
  const [row] = await db
    .select({ id: raidNights.id })
    .from(raidNights)
    .where(
      and(
        eq(raidNights.guildId, guildId),
        eq(raidNights.name, night.name),
        ne(raidNights.id, night.id),
        ne(raidNights.status, 'cancelled'),
        sql`(${raidNights.startsAt}, ${raidNights.createdAt}, ${raidNights.id}) <
          (${night.startsAt.toISOString()}::timestamptz, ${night.createdAt.toISOString()}::timestamptz, ${night.id}::uuid)`,
      ),
    )
    .orderBy(desc(raidNights.startsAt), desc(raidNights.createdAt), desc(raidNights.id))
    .limit(1)
  return row?.id ?? null
}

/**
 * The night running at `now`: the active night that started last, if it has not ended. This and the next
 * night's start are read for every "tonight" answer (after every write of the guild): prepared statements
 * (docs/architecture.md, "Prepared statements").
 */
export async function runningNight(db: DbOrTx, guildId: string, now: Date) {
  const [row] = await db
    .select({
      id: raidNights.id,
      name: raidNights.name,
      startsAt: raidNights.startsAt,
      runsUntil: nightColumns.runsUntil,
    })
    .from(raidNights)
    .where(
      and(
        eq(raidNights.guildId, guildIdParam),
        eq(raidNights.status, 'active'),
        lte(raidNights.startsAt, nowParam),
      ),
    )
    .orderBy(desc(raidNights.startsAt))
    .limit(1)
    .prepare('lq_running_night')
    .execute({ guildId, now: now.toISOString() })
  return row && row.runsUntil > now ? row : null
}

/** When the next active night starts after `now` (a cached "tonight" answer is right until then). */
export async function nextNightStart(db: DbOrTx, guildId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ startsAt: raidNights.startsAt })
    .from(raidNights)
    .where(
      and(
        eq(raidNights.guildId, guildIdParam),
        eq(raidNights.status, 'active'),
        gt(raidNights.startsAt, nowParam),
      ),
    )
    .orderBy(asc(raidNights.startsAt))
    .limit(1)
    .prepare('lq_next_night_start')
    .execute({ guildId, now: now.toISOString() })
  return row?.startsAt ?? null
}

export async function guildNightSettings(db: DbOrTx, guildId: string) {
  const [row] = await db
    .select({ timeZone: guilds.timeZone, noShowRule: guilds.noShowRule, name: guilds.name })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  return row!
}

export async function setGuildNightSettings(
  tx: DbOrTx,
  guildId: string,
  values: { timeZone: string; noShowRule: string },
  at: Date,
) {
  await tx
    .update(guilds)
    .set({ ...values, updatedAt: at })
    .where(eq(guilds.id, guildId))
}
