import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { ENTRY_STATUS_ACTIONS } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import {
  auditLogs,
  items,
  lootHistory,
  playerQueues,
  players,
  raidNightAttendance,
  raidNights,
} from '../../db/schema'
import { entryStateColumns } from '../queues/queues.queries'

// The SQL of a player's page. Every query filters by guild; `publicOnly` keeps hidden items out.

const visible = (publicOnly: boolean) => (publicOnly ? eq(items.isPublicVisible, true) : undefined)

/**
 * The items whose queue holds the player, with the entry's status (not its place: the queue view numbers
 * the shown entries), by name. An inactive player's hidden entries are included.
 */
export async function queuedItems(db: DbOrTx, guildId: string, playerId: string, publicOnly: boolean) {
  return db
    .select({
      id: items.id,
      name: items.name,
      rarity: items.rarity,
      itemType: items.itemType,
      isPublicVisible: items.isPublicVisible,
      minRankName: sql<string | null>`(select r.name from guild_ranks r where r.id = ${items.minRankId})`,
      ...entryStateColumns,
    })
    .from(playerQueues)
    .innerJoin(items, and(eq(items.id, playerQueues.itemId), eq(items.guildId, guildId)))
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.playerId, playerId), visible(publicOnly)))
}

/** What the player received, newest first; on the public page only receipts of items still public. */
export async function receipts(
  db: DbOrTx,
  guildId: string,
  playerId: string,
  publicOnly: boolean,
  limit: number,
) {
  const itemOf = and(eq(items.id, lootHistory.itemId), eq(items.guildId, guildId))
  const where = and(eq(lootHistory.guildId, guildId), eq(lootHistory.playerId, playerId), visible(publicOnly))
  const rows = await db
    .select({ row: lootHistory })
    .from(lootHistory)
    .leftJoin(items, itemOf)
    .where(where)
    .orderBy(desc(lootHistory.distributedAt), desc(lootHistory.id))
    .limit(limit)
  const [total] = await db.select({ n: count() }).from(lootHistory).leftJoin(items, itemOf).where(where)
  return { rows: rows.map((r) => r.row), total: total?.n ?? 0 }
}

/** Actions on one entry (record = the entry) and on a whole queue that can move everyone in it. */
export const ENTRY_ACTIONS = ['QUEUE_ADD', ...ENTRY_STATUS_ACTIONS] as const
export const QUEUE_ACTIONS = ['QUEUE_REORDER', 'QUEUE_UNDO'] as const

/**
 * The audit rows of the player's current queue entries, and the reorders and undos of their queues since
 * they joined (an add-all that added them counts as their own "added"). Newest first. A pass's night
 * (audit_logs.event_id) comes with its name as it is now, which the row's description cannot give safely.
 */
export async function moves(
  db: DbOrTx,
  guildId: string,
  playerId: string,
  publicOnly: boolean,
  limit: number,
) {
  const sinceJoined = sql`${auditLogs.createdAt} >= ${playerQueues.createdAt}`
  return db
    .select({
      id: auditLogs.id,
      actionType: auditLogs.actionType,
      description: auditLogs.description,
      note: auditLogs.note,
      notePrivate: auditLogs.notePrivate,
      createdAt: auditLogs.createdAt,
      undoneAt: auditLogs.undoneAt,
      itemId: items.id,
      itemName: items.name,
      nightName: raidNights.name,
    })
    .from(playerQueues)
    .innerJoin(items, and(eq(items.id, playerQueues.itemId), eq(items.guildId, guildId)))
    .innerJoin(
      auditLogs,
      and(
        eq(auditLogs.guildId, guildId),
        or(
          and(
            eq(auditLogs.tableName, 'player_queues'),
            eq(auditLogs.recordId, sql`${playerQueues.id}::text`),
            inArray(auditLogs.actionType, [...ENTRY_ACTIONS]),
          ),
          and(
            eq(auditLogs.tableName, 'items'),
            eq(auditLogs.recordId, sql`${playerQueues.itemId}::text`),
            or(
              and(inArray(auditLogs.actionType, [...QUEUE_ACTIONS]), sinceJoined),
              and(eq(auditLogs.actionType, 'QUEUE_ADD_ALL'), eq(auditLogs.createdAt, playerQueues.createdAt)),
            ),
          ),
        ),
      ),
    )
    .leftJoin(raidNights, and(eq(raidNights.id, auditLogs.eventId), eq(raidNights.guildId, guildId)))
    .where(and(eq(playerQueues.guildId, guildId), eq(playerQueues.playerId, playerId), visible(publicOnly)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.seq))
    .limit(limit)
}

/**
 * The player's marks over the guild's events that started in (`since`, `now`] and were not cancelled, in one
 * statement: how many such events the guild held, and the ones the player attended (present, late), missed
 * (no-show) and sat on the bench for.
 */
export async function attendanceCounts(
  db: DbOrTx,
  guildId: string,
  playerId: string,
  window: { since: Date; now: Date },
) {
  // The nights that count are those from when the player was created and any earlier one where they have a
  // mark (docs/product-rules.md, "Raid nights"): only marks are counted, so no bound on the player's creation
  // is needed. One would only drop marks an officer typed on purpose: a night filled in afterwards, or a
  // guild export imported with players created at import time and older nights.
  const marked = (statuses: string[]) =>
    sql<number>`(count(*) filter (where ${inArray(raidNightAttendance.status, statuses)}))::int`
  const [row] = await db
    .select({
      held: sql<number>`count(*)::int`,
      attended: marked(['present', 'late']),
      missed: marked(['no_show']),
      bench: marked(['bench']),
    })
    .from(raidNights)
    .innerJoin(players, and(eq(players.guildId, guildId), eq(players.id, playerId)))
    .leftJoin(
      raidNightAttendance,
      and(
        eq(raidNightAttendance.raidNightId, raidNights.id),
        eq(raidNightAttendance.guildId, guildId),
        eq(raidNightAttendance.playerId, players.id),
      ),
    )
    .where(
      and(
        eq(raidNights.guildId, guildId),
        sql`${raidNights.status} <> 'cancelled'`,
        sql`${raidNights.startsAt} > ${window.since.toISOString()}::timestamptz`,
        sql`${raidNights.startsAt} <= ${window.now.toISOString()}::timestamptz`,
      ),
    )
  return row ?? { held: 0, attended: 0, missed: 0, bench: 0 }
}
