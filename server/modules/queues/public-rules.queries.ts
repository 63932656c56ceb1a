import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { guilds } from '../../db/schema'

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
