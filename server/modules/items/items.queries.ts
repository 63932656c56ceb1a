import { desc, eq, sql } from 'drizzle-orm'
import type { Rarity } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { guildIdParam, isGuildRow } from '../../db/guild-scope'
import { items } from '../../db/schema'

// The SQL of items. Every function filters by guild: another guild's ids are simply not found.

// Raw SQL with aliases: in a one-table select drizzle leaves column names unqualified, which a join inside
// a subquery would make ambiguous.
/** Entries of active players only: inactive and expelled players are hidden from queues. */
const queueCount = sql<number>`(
  select count(*) from player_queues q
  inner join players p on p.id = q.player_id
  where q.item_id = "items"."id" and p.is_active
)::int`.as('queue_count')

/** An item as the items screen shows it (and as a queue write finds it locked, queue-item.queries.ts). */
export const itemColumns = {
  id: items.id,
  name: items.name,
  description: items.description,
  rarity: items.rarity,
  itemType: items.itemType,
  isPublicVisible: items.isPublicVisible,
  minRankId: items.minRankId,
  createdAt: items.createdAt,
}

/** Refilled after every write of the guild: a prepared statement (docs/architecture.md). */
export async function listItems(db: DbOrTx, guildId: string) {
  return db
    .select({ ...itemColumns, queueCount })
    .from(items)
    .where(eq(items.guildId, guildIdParam))
    .orderBy(desc(items.createdAt), desc(items.id))
    .prepare('lq_list_items')
    .execute({ guildId })
}

/** The guild's item names, to tell a new name from theirs (server/lib/taken-name.ts). */
export async function itemNames(db: DbOrTx, guildId: string) {
  return db.select({ id: items.id, name: items.name }).from(items).where(eq(items.guildId, guildId))
}

export async function findItemWithCount(db: DbOrTx, guildId: string, id: string) {
  const [row] = await db
    .select({ ...itemColumns, queueCount })
    .from(items)
    .where(isGuildRow(items, guildId, id))
  return row
}

export type ItemValues = {
  name: string
  description: string | null
  rarity: Rarity | null
  itemType: string | null
  isPublicVisible: boolean
  minRankId: string | null
}

export async function insertItem(tx: DbOrTx, guildId: string, values: ItemValues, at: Date) {
  const [row] = await tx
    .insert(items)
    .values({ guildId, ...values, createdAt: at, updatedAt: at })
    .returning(itemColumns)
  return row!
}

export async function updateItem(
  tx: DbOrTx,
  guildId: string,
  id: string,
  values: Partial<ItemValues>,
  at: Date,
) {
  await tx
    .update(items)
    .set({ ...values, updatedAt: at })
    .where(isGuildRow(items, guildId, id))
}

/** Its queue entries and undo snapshot go with it (cascade); loot history keeps the names. */
export async function deleteItem(tx: DbOrTx, guildId: string, id: string) {
  await tx.delete(items).where(isGuildRow(items, guildId, id))
}

export async function itemsSummary(db: DbOrTx, guildId: string, todayStart: Date) {
  const [row] = await db
    .select({
      totalItems: sql<number>`(select count(*) from items i where i.guild_id = ${guildId})::int`,
      rareItems: sql<number>`(select count(*) from items i
        where i.guild_id = ${guildId} and i.rarity in ('epic', 'legendary'))::int`,
      playersInQueues: sql<number>`(select count(distinct q.player_id) from player_queues q
        inner join players p on p.id = q.player_id
        where q.guild_id = ${guildId} and p.is_active)::int`,
      distributedToday: sql<number>`(select count(*) from loot_history h
        where h.guild_id = ${guildId} and h.distributed_at >= ${todayStart.toISOString()}::timestamptz)::int`,
    })
    .from(sql`(select 1) as one`)
  return row!
}
