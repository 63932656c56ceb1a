import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { guilds, profiles, session } from '../db/schema'

/** The signed-in user's membership and guild, in one round trip. */
export async function findProfileWithGuild(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      profile: {
        id: profiles.id,
        userId: profiles.userId,
        guildId: profiles.guildId,
        displayName: profiles.displayName,
        role: profiles.role,
        isActive: profiles.isActive,
        language: profiles.language,
      },
      guild: {
        id: guilds.id,
        name: guilds.name,
        slug: guilds.slug,
        subscriptionStatus: guilds.subscriptionStatus,
        subscriptionAccessUntil: guilds.subscriptionAccessUntil,
        createdAt: guilds.createdAt,
      },
    })
    .from(profiles)
    .leftJoin(guilds, eq(guilds.id, profiles.guildId))
    .where(eq(profiles.userId, userId))
  return row
}

export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db.delete(session).where(eq(session.userId, userId))
}
