import { and, asc, between, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { auditLogs, guilds, items, lootHistory, playerQueues, players, profiles } from '../../db/schema'
import type { NewItem, NewPlayer, NewReceipt } from './import-plan'

// The SQL of imports. Every function takes the guild: another guild's rows are never read or written.

/**
 * Two imports of one guild run one after the other: both would otherwise find a name missing and create
 * it twice. NO KEY UPDATE leaves the guild's other writes alone (they only take key-share locks on it).
 */
export async function lockGuildForImport(tx: DbOrTx, guildId: string) {
  await tx.select({ id: guilds.id }).from(guilds).where(eq(guilds.id, guildId)).for('no key update')
}

export async function existingPlayers(db: DbOrTx, guildId: string) {
  return db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(eq(players.guildId, guildId))
    .orderBy(asc(players.createdAt), asc(players.id))
}

export async function existingItems(db: DbOrTx, guildId: string) {
  return db
    .select({ id: items.id, name: items.name, rarity: items.rarity, itemType: items.itemType })
    .from(items)
    .where(eq(items.guildId, guildId))
    .orderBy(asc(items.createdAt), asc(items.id))
}

/** Which players are in which item's queue (membership only: the import appends after them). */
export async function existingQueueMembers(db: DbOrTx, guildId: string) {
  return db
    .select({ itemId: playerQueues.itemId, playerId: playerQueues.playerId })
    .from(playerQueues)
    .where(eq(playerQueues.guildId, guildId))
}

/** Receipts stored between two instants (the dates an import covers), to leave out the ones it repeats. */
export async function receiptsBetween(db: DbOrTx, guildId: string, from: Date, to: Date) {
  return db
    .select({
      itemName: lootHistory.itemName,
      playerName: lootHistory.playerName,
      distributedAt: lootHistory.distributedAt,
    })
    .from(lootHistory)
    .where(and(eq(lootHistory.guildId, guildId), between(lootHistory.distributedAt, from, to)))
}

export async function memberNames(db: DbOrTx, guildId: string) {
  return db
    .select({ userId: profiles.userId, displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.guildId, guildId))
    .orderBy(asc(profiles.createdAt))
}

/** KEY SHARE, after the items: a player cannot be deleted while new rows point at them. Answers the count. */
export async function keySharePlayers(tx: DbOrTx, guildId: string, ids: string[]) {
  if (ids.length === 0) return 0
  const rows = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.guildId, guildId), inArray(players.id, ids)))
    .orderBy(asc(players.id))
    .for('key share')
  return rows.length
}

// Rows per statement: at most 12 parameters a row, far below PostgreSQL's 65,535.
const BATCH = 1000

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH))
}

export async function insertPlayers(tx: DbOrTx, guildId: string, rows: NewPlayer[], at: Date) {
  await inBatches(rows, (batch) =>
    tx
      .insert(players)
      .values(batch.map((row) => ({ ...row, guildId, createdAt: row.createdAt ?? at, updatedAt: at }))),
  )
}

export async function insertItems(tx: DbOrTx, guildId: string, rows: NewItem[], at: Date) {
  await inBatches(rows, (batch) =>
    tx
      .insert(items)
      .values(batch.map((row) => ({ ...row, guildId, createdAt: row.createdAt ?? at, updatedAt: at }))),
  )
}

export async function insertReceipts(tx: DbOrTx, guildId: string, rows: NewReceipt[]) {
  await inBatches(rows, (batch) => tx.insert(lootHistory).values(batch.map((row) => ({ ...row, guildId }))))
}

export async function insertImportAudit(
  tx: DbOrTx,
  row: { guildId: string; userId: string; description: string; at: Date },
) {
  await tx.insert(auditLogs).values({
    guildId: row.guildId,
    userId: row.userId,
    actionType: 'IMPORT_COMPLETED',
    tableName: 'guilds',
    recordId: row.guildId,
    description: row.description,
    createdAt: row.at,
  })
}
