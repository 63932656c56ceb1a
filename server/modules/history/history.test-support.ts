import { sql } from 'drizzle-orm'
import type { Rarity } from '../../../contract/enums'
import { auditLogs, lootHistory } from '../../db/schema'
import type { TestContext } from '../../test/harness'

// The queue operations write these rows; history tests seed them directly.

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
  if (rows.length === 0) return []
  return ctx.database.db
    .insert(lootHistory)
    .values(
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
        distributedAt: row.distributedAt ?? new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      })),
    )
    .returning()
}

export type AuditSeed = {
  userId?: string | null
  actionType?: string
  tableName?: string
  recordId?: string | null
  description?: string
  note?: string | null
  createdAt?: Date
}

export async function seedAudit(ctx: TestContext, guildId: string, rows: AuditSeed[]) {
  if (rows.length === 0) return []
  return ctx.database.db
    .insert(auditLogs)
    .values(
      rows.map((row, i) => ({
        guildId,
        userId: row.userId ?? null,
        actionType: row.actionType ?? 'ITEM_CREATE',
        tableName: row.tableName ?? 'items',
        recordId: row.recordId ?? null,
        description: row.description ?? `Action ${i}`,
        note: row.note ?? null,
        createdAt: row.createdAt ?? new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      })),
    )
    .returning()
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
