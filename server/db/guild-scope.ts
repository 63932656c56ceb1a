import { and, type Column, eq, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from './client'
import { guilds } from './schema'

/**
 * The row of a guild table with this id, if it is the guild's: the condition of every query that reaches one
 * row by id, so another guild's id is simply not found (docs/architecture.md).
 */
export function isGuildRow(table: { guildId: Column; id: Column }, guildId: string, id: string): SQL {
  return and(eq(table.guildId, guildId), eq(table.id, id))!
}

// The parameters of a named prepared statement (docs/architecture.md, "Prepared statements"), filled when it
// runs: `.execute({ guildId, itemId, now: now.toISOString() })`.
export const guildIdParam = sql.placeholder('guildId')
export const itemIdParam = sql.placeholder('itemId')
/** An instant, given as an ISO string. */
export const nowParam = sql`${sql.placeholder('now')}::timestamptz`

/**
 * Serialises a guild's writes that check a rule across its rows before writing (unique names, a limit, an
 * import finding names missing): NO KEY UPDATE on the guild's row, which leaves the guild's other writes
 * alone (they take key-share locks on it).
 */
export async function lockGuildRow(tx: DbOrTx, guildId: string) {
  await tx.select({ id: guilds.id }).from(guilds).where(eq(guilds.id, guildId)).for('no key update')
}
