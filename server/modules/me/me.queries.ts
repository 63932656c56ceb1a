import { and, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { account, guilds, profiles, session, user } from '../../db/schema'

// The signed-in user's own rows. Guild-wide reads take the guildId and filter by it.

export async function findMyProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row ?? null
}

export async function updateMyProfile(
  db: DbOrTx,
  userId: string,
  patch: Partial<
    Pick<
      typeof profiles.$inferInsert,
      'displayName' | 'gameCharacterName' | 'language' | 'notifyEmail' | 'notifyEvents' | 'notifyLoot'
    >
  >,
  now: Date,
) {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: now })
    .where(eq(profiles.userId, userId))
    .returning()
  // The account's name follows the display name: e-mails greet the user by it.
  if (patch.displayName)
    await db.update(user).set({ name: patch.displayName, updatedAt: now }).where(eq(user.id, userId))
  return row ?? null
}

export async function findPasswordHash(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
  return row?.password ?? null
}

export async function setPasswordHash(db: DbOrTx, userId: string, hash: string, now: Date) {
  await db
    .update(account)
    .set({ password: hash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
}

export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  await db.delete(session).where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
}

export async function countOtherActiveAdmins(db: DbOrTx, guildId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(
      and(
        eq(profiles.guildId, guildId),
        eq(profiles.role, 'guild_admin'),
        eq(profiles.isActive, true),
        ne(profiles.userId, userId),
      ),
    )
  return row!.n
}

/** Another active admin becomes the guild's owner of record when the current one leaves. */
export async function handOverGuild(db: DbOrTx, guildId: string, fromUserId: string, now: Date) {
  await db
    .update(guilds)
    .set({
      adminUserId: sql`(select ${profiles.userId} from ${profiles} where ${profiles.guildId} = ${guildId} and ${profiles.role} = 'guild_admin' and ${profiles.isActive} and ${profiles.userId} <> ${fromUserId} order by ${profiles.createdAt} limit 1)`,
      updatedAt: now,
    })
    .where(and(eq(guilds.id, guildId), eq(guilds.adminUserId, fromUserId)))
}

export async function deleteUser(db: DbOrTx, userId: string) {
  // Profile, sessions and credentials go with it (ON DELETE CASCADE).
  await db.delete(user).where(eq(user.id, userId))
}

/** The accounts of the guild's members (admins included). */
export async function guildMemberUserIds(db: DbOrTx, guildId: string): Promise<string[]> {
  const members = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.guildId, guildId))
  return members.map((m) => m.userId)
}

/** The guild and everything in it (cascades), plus the accounts that existed only as its members. */
export async function deleteGuildAndMembers(db: DbOrTx, guildId: string) {
  const ids = await guildMemberUserIds(db, guildId)
  await db.delete(guilds).where(eq(guilds.id, guildId))
  if (ids.length > 0) await db.delete(user).where(inArray(user.id, ids))
  return ids.length
}
