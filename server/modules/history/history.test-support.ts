import { sql } from 'drizzle-orm'
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core'
import type { Rarity } from '../../../contract/enums'
import { auditLogs, lootHistory } from '../../db/schema'
import type { TestContext } from '../../test/harness'

// The queue operations write these rows; history tests seed them directly.

/** Unless a test says when, seeded rows are a minute apart from 2024-01-01: the seed order is the time order. */
const seedTime = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000)

/** Inserts the rows and answers them as stored; no rows is no statement (an empty insert is an error). */
async function insertSeeds<T extends PgTable>(ctx: TestContext, table: T, values: PgInsertValue<T>[]) {
  if (values.length === 0) return []
  return ctx.database.db.insert(table).values(values).returning()
}

export type LootSeed = {
  itemName?: string
  itemRarity?: Rarity | null
  itemType?: string | null
  playerName?: string
  itemId?: string | null
  playerId?: string | null
  distributedBy?: string | null
  previousQueuePosition?: number | null
  notes?: string | null
  distributedAt?: Date
}

export async function seedLoot(ctx: TestContext, guildId: string, rows: LootSeed[]) {
  return insertSeeds(
    ctx,
    lootHistory,
    rows.map((row, i) => ({
      guildId,
      itemName: row.itemName ?? `Item ${i}`,
      itemRarity: row.itemRarity === undefined ? 'rare' : row.itemRarity,
      itemType: row.itemType ?? null,
      playerName: row.playerName ?? `Player ${i}`,
      itemId: row.itemId ?? null,
      playerId: row.playerId ?? null,
      distributedBy: row.distributedBy ?? null,
      previousQueuePosition: row.previousQueuePosition === undefined ? i + 1 : row.previousQueuePosition,
      notes: row.notes ?? null,
      distributedAt: row.distributedAt ?? seedTime(i),
    })),
  )
}

export type AuditSeed = {
  userId?: string | null
  actionType?: string
  tableName?: string
  recordId?: string | null
  description?: string
  note?: string | null
  createdAt?: Date
  /** A queue undo took the action back (the log marks it). */
  undoneAt?: Date | null
}

export async function seedAudit(ctx: TestContext, guildId: string, rows: AuditSeed[]) {
  return insertSeeds(
    ctx,
    auditLogs,
    rows.map((row, i) => ({
      guildId,
      userId: row.userId ?? null,
      actionType: row.actionType ?? 'ITEM_CREATE',
      tableName: row.tableName ?? 'items',
      recordId: row.recordId ?? null,
      description: row.description ?? `Action ${i}`,
      note: row.note ?? null,
      createdAt: row.createdAt ?? seedTime(i),
      undoneAt: row.undoneAt ?? null,
    })),
  )
}

/**
 * `count` loot rows in one statement, microseconds apart and in groups sharing one timestamp, so an
 * export that pages by millisecond-rounded dates or without a tie-breaker would lose or repeat rows.
 */
export async function seedManyLoot(ctx: TestContext, guildId: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into ${lootHistory} (guild_id, item_name, item_rarity, player_name, distributed_at)
    select ${guildId}::uuid, 'Bulk item ' || g, 'common', 'Bulk player ' || (g % 7),
           timestamptz '2024-03-01 12:00:00+00' - ((g / 3) * interval '1 microsecond')
    from generate_series(1, ${count}) as g`)
}
