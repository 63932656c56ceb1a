import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { guildIntegrations, items, playerQueues, players } from '../../db/schema'
import { itemColumns } from '../items/items.queries'
import { type EntryRow, entryColumns } from './queues.queries'

// The item row of a queue: the lock every queue write takes first, and the queue's state kept on it
// (version and sorted span, docs/decisions/001-queue-ordering.md). Every function filters by guild.

const lockedItemColumns = {
  ...itemColumns,
  queueVersion: items.queueVersion,
  sortedFrom: items.queueSortedFrom,
  sortedUntil: items.queueSortedUntil,
  // Whether the guild has an integration that may send: only then does the write read the targets and
  // the entry's position before it (docs/decisions/011-integrations.md). Asked here, not in a statement of
  // its own, because every queue write asks it and most guilds announce nothing.
  announces: sql<boolean>`exists (select 1 from ${guildIntegrations}
    where ${guildIntegrations.guildId} = ${items.guildId} and ${guildIntegrations.disabledAt} is null)`,
}

/**
 * Serialises every write to one item's queue: the first statement of each queue transaction. The queue's
 * state lives on this row, so a write that waited for the lock reads the state its predecessor left. An
 * item's own change or deletion takes the same lock (items.service.ts): a queue action in progress
 * finishes first, and the next one finds the item as changed, or none (404).
 */
export async function lockItem(tx: DbOrTx, guildId: string, itemId: string) {
  const [row] = await tx
    .select(lockedItemColumns)
    .from(items)
    .where(isGuildRow(items, guildId, itemId))
    .for('update')
  return row
}

/**
 * The same lock, for an action addressed by entry id: the entry's item, then the entry itself (in that
 * order, as every queue write locks), both as they are once locked. A concurrent removal of the entry
 * wins: nothing is found.
 *
 * The entry is the guild's (its id and the guild); its item is found by its key and refused unless it is the
 * guild's too, as the entry action does (docs/decisions/001-queue-ordering.md, "Walks, not sorts"): with the
 * guild's id on the item as well, PostgreSQL read the item among all the guild's items (a bitmap on the
 * guild's index) whenever the tables had no statistics yet, as in a guild's first minute.
 */
export async function lockItemOfEntry(tx: DbOrTx, guildId: string, entryId: string) {
  const [row] = await tx
    .select({ item: lockedItemColumns, itemGuildId: items.guildId, entry: entryColumns })
    .from(playerQueues)
    .innerJoin(items, eq(items.id, playerQueues.itemId))
    .innerJoin(players, eq(players.id, playerQueues.playerId))
    .where(isGuildRow(playerQueues, guildId, entryId))
    .for('update', { of: [items, playerQueues] })
  if (!row || row.itemGuildId !== guildId) return undefined
  return { item: row.item as LockedItem, entry: row.entry as EntryRow }
}

export type LockedItem = NonNullable<Awaited<ReturnType<typeof lockItem>>>

/** Queues changed outside a queue write (a player deleted): a client holding one must read it again. */
export async function bumpQueueVersions(tx: DbOrTx, guildId: string, itemIds: string[]) {
  if (itemIds.length === 0) return
  await tx
    .update(items)
    .set({ queueVersion: sql`${items.queueVersion} + 1` })
    .where(and(eq(items.guildId, guildId), inArray(items.id, itemIds)))
}

/**
 * Locks several items in id order, so two such transactions cannot deadlock each other; answers the ids
 * found (another guild's items are not).
 */
export async function lockItems(tx: DbOrTx, guildId: string, itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return []
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.guildId, guildId), inArray(items.id, itemIds)))
    .orderBy(asc(items.id))
    .for('update')
  return rows.map((r) => r.id)
}
