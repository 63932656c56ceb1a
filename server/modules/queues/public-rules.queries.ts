import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { auditLogs, guilds } from '../../db/schema'

export async function findPublicRules(db: DbOrTx, guildId: string) {
  const [row] = await db
    .select({ publicRules: guilds.publicRules })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  return row
}

export async function writePublicRules(tx: DbOrTx, guildId: string, publicRules: string | null, at: Date) {
  await tx.update(guilds).set({ publicRules, updatedAt: at }).where(eq(guilds.id, guildId))
}

export async function insertRulesAudit(
  tx: DbOrTx,
  row: { guildId: string; userId: string; description: string; at: Date },
) {
  await tx.insert(auditLogs).values({
    guildId: row.guildId,
    userId: row.userId,
    actionType: 'RULES_UPDATED',
    tableName: 'guilds',
    recordId: row.guildId,
    description: row.description,
    createdAt: row.at,
  })
}
