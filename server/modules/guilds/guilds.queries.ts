import { and, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { auditLogs, guilds, items, lootHistory, profiles } from '../../db/schema'

// Every function takes the guildId from the session, so no request can name another guild.

export async function findGuild(db: DbOrTx, guildId: string) {
  const [row] = await db.select().from(guilds).where(eq(guilds.id, guildId))
  return row ?? null
}

export async function updateGuild(
  db: DbOrTx,
  guildId: string,
  patch: { name?: string; publicAccessPassword?: string | null },
  now: Date,
) {
  const [row] = await db
    .update(guilds)
    .set({ ...patch, updatedAt: now })
    .where(eq(guilds.id, guildId))
    .returning()
  return row ?? null
}

export async function insertAudit(
  db: DbOrTx,
  row: { guildId: string; userId: string; actionType: 'GUILD_UPDATE'; recordId: string; description: string },
) {
  await db.insert(auditLogs).values({ ...row, tableName: 'guilds' })
}

export async function guildCounts(db: DbOrTx, guildId: string) {
  const [[members], [itemCount], [distributed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(profiles)
      .where(and(eq(profiles.guildId, guildId), eq(profiles.isActive, true))),
    db.select({ n: count() }).from(items).where(eq(items.guildId, guildId)),
    db.select({ n: count() }).from(lootHistory).where(eq(lootHistory.guildId, guildId)),
  ])
  return { members: members!.n, items: itemCount!.n, distributed: distributed!.n }
}
