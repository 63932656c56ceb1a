import { and, type Column, eq, type SQL } from 'drizzle-orm'

/**
 * The row of a guild table with this id, if it is the guild's: the condition of every query that reaches one
 * row by id, so another guild's id is simply not found (docs/architecture.md).
 */
export function isGuildRow(table: { guildId: Column; id: Column }, guildId: string, id: string): SQL {
  return and(eq(table.guildId, guildId), eq(table.id, id))!
}
