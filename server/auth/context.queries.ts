import { and, eq, like } from 'drizzle-orm'
import type { RecordedSessionEnd } from '../../contract/session-end'
import type { DbOrTx } from '../db/client'
import { guilds, profiles, session, verification } from '../db/schema'
import { recordSessionEnds } from './session-endings.queries'

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

/** Ends every session of the user, writing down why (server/auth/session-endings.queries.ts). */
export async function revokeAllSessions(db: DbOrTx, userId: string, reason: RecordedSessionEnd, now: Date) {
  await recordSessionEnds(db, { userIds: [userId] }, reason, now)
  await db.delete(session).where(eq(session.userId, userId))
}

/**
 * Drops every password-reset link of the user once one was used: an older e-mail's link, opened after a
 * newer one set the password, would set it again (better-auth spends only the link it was given).
 */
export async function dropResetLinks(db: DbOrTx, userId: string) {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')))
}
