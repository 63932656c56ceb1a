import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { AttendanceStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { playerQueues, players } from '../../db/schema'
import type { QueueGroup } from './queue-order'
import { type EntryRow, entryColumns, inQueue } from './queues.queries'

// Where an entry goes in a queue whose stored order is sorted by group, found through the partial indexes
// of player_queues (server/db/schema/loot.ts) instead of by reading the queue. Their predicates are
// literals here: with a parameter in their place PostgreSQL could not use those indexes.

/** Above every key (bigint's largest value), for "no bound". */
const UNBOUNDED = sql.raw('9223372036854775807')

export type Neighbour = {
  id: string
  key: number
  attendanceStatus: AttendanceStatus
  penaltyUntil: Date | null
}

/**
 * Around the end of `group` in a sorted queue, leaving out the entry being moved: the first entry of a
 * later group (its key; null when there is none), the entry right before it (null when there is none),
 * and the last shown entry before it (what a member sees the moved entry follow).
 * The first entry of a later group is the first among the heads of the groups after `group`: the
 * not-interested entries (group 4), the live penalties of the others (group 3), and the received or absent
 * entries (group 2 or 3: any of them comes after every pending one).
 */
export async function groupEnd(
  db: DbOrTx,
  guildId: string,
  itemId: string,
  movingId: string,
  group: QueueGroup,
  now: Date,
): Promise<{ before: Neighbour | null; after: number | null; shownBefore: string | null }> {
  const scope = sql`guild_id = ${guildId} and item_id = ${itemId} and id <> ${movingId}`
  const heads: SQL[] = []
  if (group < 4)
    heads.push(sql`(select queue_position from player_queues
      where ${scope} and attendance_status = 'not_interested' order by queue_position limit 1)`)
  if (group < 3)
    heads.push(sql`(select min(queue_position) from player_queues
      where ${scope} and penalty_until is not null and attendance_status <> 'not_interested'
        and penalty_until > ${now.toISOString()}::timestamptz)`)
  if (group < 2)
    heads.push(sql`(select queue_position from player_queues
      where ${scope} and attendance_status in ('received', 'absent') order by queue_position limit 1)`)
  const after = heads.length === 0 ? sql`null::bigint` : sql`least(${sql.join(heads, sql`, `)})`
  // MATERIALIZED: the heads are looked up once (inlined, PostgreSQL would plan and run them per use), and
  // the two look-backs below scan the key index from that bound down.
  const result = (await db.execute(sql`
    with bound as materialized (select ${after} as key)
    select bound.key::text as after_key, b.id as before_id, b.queue_position::text as before_key,
           b.attendance_status, b.penalty_until, s.id as shown_before_id
    from bound
    left join lateral (
      select id, queue_position, attendance_status, penalty_until from player_queues
      where ${scope} and queue_position < coalesce(bound.key, ${UNBOUNDED})
      order by queue_position desc limit 1
    ) as b on true
    left join lateral (
      select q.id from player_queues q join players p on p.id = q.player_id
      where q.guild_id = ${guildId} and q.item_id = ${itemId} and q.id <> ${movingId} and p.is_active
        and q.queue_position < coalesce(bound.key, ${UNBOUNDED})
      order by q.queue_position desc limit 1
    ) as s on true`)) as unknown as { rows: Record<string, unknown>[] }
  // Keys as text: the drivers disagree on how they hand out a bigint.
  const row = result.rows[0] as {
    after_key: string | null
    before_id: string | null
    before_key: string | null
    shown_before_id: string | null
    attendance_status: AttendanceStatus | null
    penalty_until: string | Date | null
  }
  return {
    shownBefore: row.shown_before_id,
    after: row.after_key === null ? null : Number(row.after_key),
    before:
      row.before_key === null
        ? null
        : {
            id: row.before_id!,
            key: Number(row.before_key),
            attendanceStatus: row.attendance_status!,
            penaltyUntil: row.penalty_until === null ? null : new Date(row.penalty_until),
          },
  }
}

/** The shown entries (active players) before `key`, counted: a statement of its own or a subquery. */
function countShownBefore(db: DbOrTx, guildId: string, itemId: string, key: number) {
  return db
    .select({ n: count() })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), lt(playerQueues.queuePosition, key), eq(players.isActive, true)))
}

/** How many shown entries (active players) come before `key`: the position a member sees, minus one. */
export async function shownBefore(db: DbOrTx, guildId: string, itemId: string, key: number) {
  const [row] = await countShownBefore(db, guildId, itemId, key)
  return row!.n
}

/** The position a member sees at `key`, for a statement that writes it (one round trip less). */
export function shownPositionSql(db: DbOrTx, guildId: string, itemId: string, key: number): SQL<number> {
  return sql<number>`((${countShownBefore(db, guildId, itemId, key)}) + 1)`
}

/**
 * The entries just appended at the end of a queue (keys from `fromKey` up: consecutive, active players), in
 * queue order, each with the shown entry right before it (null: first): the one appended before it, and
 * for the first the last shown entry before `fromKey`. One look-back, not one per entry: an add-all of
 * 3,000 players asked 3,000 of them, and took 25 s on PGlite.
 */
export async function appendedEntries(db: DbOrTx, guildId: string, itemId: string, fromKey: number) {
  const rows = await db
    .select(entryColumns)
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), gte(playerQueues.queuePosition, fromKey)))
    .orderBy(asc(playerQueues.queuePosition))
  const [before] = await db
    .select({ id: playerQueues.id })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), lt(playerQueues.queuePosition, fromKey), eq(players.isActive, true)))
    .orderBy(desc(playerQueues.queuePosition))
    .limit(1)
  return rows.map((entry, i) => ({
    after: i === 0 ? (before?.id ?? null) : rows[i - 1]!.id,
    entry: entry as EntryRow,
  }))
}

/** An entry after a write, for its announcement: its player, position among the shown entries and penalty. */
export async function entryAfterWrite(db: DbOrTx, guildId: string, itemId: string, entryId: string) {
  const [row] = await db
    .select({
      playerName: players.name,
      queuePosition: playerQueues.queuePosition,
      penaltyUntil: playerQueues.penaltyUntil,
    })
    .from(playerQueues)
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(and(inQueue(guildId, itemId), eq(playerQueues.id, entryId)))
  if (!row) return undefined
  const position = (await shownBefore(db, guildId, itemId, row.queuePosition)) + 1
  return { playerName: row.playerName, position, penaltyUntil: row.penaltyUntil }
}
