import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm'
import { ENTRY_STATUS_ACTIONS } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { guildIdParam, itemIdParam } from '../../db/guild-scope'
import { sharedNote } from '../../db/officers-only'
import {
  accessLogs,
  auditLogs,
  guilds,
  items,
  lootHistory,
  playerQueues,
  players,
  profiles,
  user,
} from '../../db/schema'
import { entryRankColumns, entryStateColumns } from '../queues/queues.queries'

// The public page's SQL. The slug lookup resolves the tenant; every other query is filtered by its guildId.
// The reads that remake the page's view after every write of the guild are named prepared statements
// (docs/architecture.md, "Prepared statements"): PostgreSQL plans each once per connection.

export type PublicGuildRow = {
  id: string
  name: string
  slug: string
  subscriptionStatus: string
  subscriptionAccessUntil: Date | null
  createdAt: Date
  publicAccessPassword: string | null
  publicRules: string | null
  /** What the public sees (contract/public-visibility.ts): part of the cached row, so a change drops it. */
  publicShowNotes: boolean
  publicShowCounters: boolean
  publicQueueMode: string
  publicQueueFirst: number
  publicShowAttendance: boolean
  /** The guild's "rank first" (docs/decisions/018-ranks.md): how the page finds next in line. */
  rankFirst: boolean
  /** The guild's time zone: the page says the reader's clock when it reads otherwise. */
  timeZone: string
}

/**
 * A guild has a public page once someone of it proved their address: a sign-up not yet confirmed has none,
 * so its address answers as one a registered e-mail's sign-up never made (decision 002). Not kept by the read
 * cache while unknown (it keeps rows found), so the page opens with the confirmation.
 */
export async function findGuildBySlug(db: DbOrTx, slug: string): Promise<PublicGuildRow | undefined> {
  // Written in SQL rather than as a drizzle subquery: one statement, one `select` (the gate's flood test counts them).
  const confirmedMember = sql`exists (select 1 from ${profiles} join ${user} on ${user.id} = ${profiles.userId}
    where ${profiles.guildId} = ${guilds.id} and ${user.emailVerified})`
  const [row] = await db
    .select({
      id: guilds.id,
      name: guilds.name,
      slug: guilds.slug,
      subscriptionStatus: guilds.subscriptionStatus,
      subscriptionAccessUntil: guilds.subscriptionAccessUntil,
      createdAt: guilds.createdAt,
      publicAccessPassword: guilds.publicAccessPassword,
      publicRules: guilds.publicRules,
      publicShowNotes: guilds.publicShowNotes,
      publicShowCounters: guilds.publicShowCounters,
      publicQueueMode: guilds.publicQueueMode,
      publicQueueFirst: guilds.publicQueueFirst,
      publicShowAttendance: guilds.publicShowAttendance,
      rankFirst: guilds.rankFirst,
      timeZone: guilds.timeZone,
    })
    .from(guilds)
    .where(and(eq(guilds.slug, slug), confirmedMember))
  return row
}

export async function insertAccessLog(db: DbOrTx, input: { guildId: string; userAgent: string | null }) {
  await db.insert(accessLogs).values({ guildId: input.guildId, userAgent: input.userAgent })
}

/** Publicly visible items, newest first, each with the number of active players in its queue. */
export async function listPublicItems(db: DbOrTx, guildId: string) {
  return db
    .select({
      id: items.id,
      name: items.name,
      description: items.description,
      rarity: items.rarity,
      itemType: items.itemType,
      queueCount: count(players.id),
    })
    .from(items)
    .leftJoin(playerQueues, and(eq(playerQueues.itemId, items.id), eq(playerQueues.guildId, guildIdParam)))
    .leftJoin(
      players,
      and(
        eq(players.id, playerQueues.playerId),
        eq(players.guildId, guildIdParam),
        eq(players.isActive, true),
      ),
    )
    .where(and(eq(items.guildId, guildIdParam), eq(items.isPublicVisible, true)))
    .groupBy(items.id)
    .orderBy(desc(items.createdAt), asc(items.name))
    .prepare('lq_public_items')
    .execute({ guildId })
}

/** A public item's minimum rank (its name, null: none); undefined when the item is not the guild's or not public. */
export async function findPublicItem(
  db: DbOrTx,
  guildId: string,
  itemId: string,
): Promise<{ minRankName: string | null } | undefined> {
  const [row] = await db
    .select({
      minRankName: sql<string | null>`(select r.name from guild_ranks r where r.id = ${items.minRankId})`,
    })
    .from(items)
    .where(and(eq(items.guildId, guildIdParam), eq(items.id, itemIdParam), eq(items.isPublicVisible, true)))
    .prepare('lq_public_item')
    .execute({ guildId, itemId })
  return row
}

/** The item's queue as the public sees it: active players only, in queue order. No player notes. */
export async function listPublicQueue(db: DbOrTx, guildId: string, itemId: string) {
  return db
    .select({
      id: playerQueues.id,
      queuePosition: playerQueues.queuePosition,
      playerId: playerQueues.playerId,
      playerName: players.name,
      ...entryStateColumns,
      penaltyNote: sharedNote(playerQueues.penaltyNote, playerQueues.penaltyNotePrivate),
      ...entryRankColumns(),
      rankName: sql<string | null>`(select r.name from guild_ranks r where r.id = "players"."rank_id")`,
    })
    .from(playerQueues)
    .innerJoin(players, and(eq(players.id, playerQueues.playerId), eq(players.guildId, guildIdParam)))
    .where(
      and(
        eq(playerQueues.guildId, guildIdParam),
        eq(playerQueues.itemId, itemIdParam),
        eq(players.isActive, true),
      ),
    )
    .orderBy(asc(playerQueues.queuePosition), asc(playerQueues.createdAt))
    .prepare('lq_public_queue')
    .execute({ guildId, itemId })
}

/**
 * The item's last award, named as its player is named now (the history keeps the name of the day): the queue
 * below it names the player so, and a renamed player read as two (an outside test, 2026-12-07). A deleted
 * player keeps the history's name.
 */
export async function findLastRecipient(db: DbOrTx, guildId: string, itemId: string) {
  const [row] = await db
    .select({
      playerId: lootHistory.playerId,
      playerName: sql<string>`coalesce(${players.name}, ${lootHistory.playerName})`,
      distributedAt: lootHistory.distributedAt,
      note: sharedNote(lootHistory.notes, lootHistory.notesPrivate),
    })
    .from(lootHistory)
    .leftJoin(players, and(eq(players.id, lootHistory.playerId), eq(players.guildId, guildIdParam)))
    .where(and(eq(lootHistory.guildId, guildIdParam), eq(lootHistory.itemId, itemIdParam)))
    .orderBy(desc(lootHistory.distributedAt))
    .limit(1)
    .prepare('lq_last_recipient')
    .execute({ guildId, itemId })
  return row ?? null
}

/**
 * Each entry's latest reason: the note of the latest action on it. Only actions after the item's last undo
 * count: an undo puts the queue back as it was, and the undone action's note must not stay as the reason
 * (an earlier reason is then not shown either; the next action gives one again).
 */
export async function latestEntryNotes(db: DbOrTx, guildId: string, itemId: string, entryIds: string[]) {
  type LatestNote = { note: string | null; actionType: string }
  if (entryIds.length === 0) return new Map<string, LatestNote>()
  const lastUndo = db
    .select({ at: max(auditLogs.createdAt) })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.guildId, guildIdParam),
        sql`${auditLogs.recordId} = ${itemIdParam}::text`,
        eq(auditLogs.actionType, 'QUEUE_UNDO'),
      ),
    )
  const rows = await db
    .selectDistinctOn([auditLogs.recordId], {
      entryId: auditLogs.recordId,
      note: sharedNote(auditLogs.note, auditLogs.notePrivate),
      actionType: auditLogs.actionType,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.guildId, guildIdParam),
        // One text for any number of entries (an array), so one prepared statement.
        sql`${auditLogs.recordId} = any(${sql.placeholder('entryIds')}::text[])`,
        inArray(auditLogs.actionType, [...ENTRY_STATUS_ACTIONS]),
        gt(auditLogs.createdAt, sql`coalesce((${lastUndo}), '-infinity'::timestamptz)`),
      ),
    )
    .orderBy(auditLogs.recordId, desc(auditLogs.createdAt), desc(auditLogs.seq))
    .prepare('lq_latest_entry_notes')
    .execute({ guildId, itemId, entryIds })
  return new Map<string, LatestNote>(
    rows.map((row) => [row.entryId!, { note: row.note, actionType: row.actionType }]),
  )
}
