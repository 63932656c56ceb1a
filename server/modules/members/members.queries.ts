import { desc, eq } from 'drizzle-orm'
import type { Role } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { formerMembers, guilds, profiles, user } from '../../db/schema'

// Every function takes the guild id of the signed-in admin: another guild's member is simply not found.

/**
 * Serialises the guild's member and invitation writes (slot count, last-admin rule). NO KEY UPDATE, so rows
 * elsewhere that merely reference the guild (players, audit rows) are not blocked meanwhile.
 */
export async function lockGuild(tx: DbOrTx, guildId: string) {
  const [row] = await tx
    .select({ id: guilds.id, name: guilds.name, extraInvites: guilds.extraInvites })
    .from(guilds)
    .where(eq(guilds.id, guildId))
    .for('no key update')
  return row!
}

export async function findExtraInvites(db: DbOrTx, guildId: string) {
  const [row] = await db
    .select({ extraInvites: guilds.extraInvites })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  return row?.extraInvites ?? 0
}

const memberColumns = {
  id: profiles.id,
  userId: profiles.userId,
  email: user.email,
  displayName: profiles.displayName,
  role: profiles.role,
  isActive: profiles.isActive,
  invitedViaToken: profiles.invitedViaToken,
  createdAt: profiles.createdAt,
}
export type MemberRow = {
  id: string
  userId: string
  email: string
  displayName: string
  role: string
  isActive: boolean
  invitedViaToken: string | null
  createdAt: Date
}

/** Newest first (the spec's users table). */
export async function listMembers(db: DbOrTx, guildId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.guildId, guildId))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
}

/** The member's profile row, locked until the transaction ends. */
export async function findMemberForUpdate(
  tx: DbOrTx,
  guildId: string,
  profileId: string,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select(memberColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(isGuildRow(profiles, guildId, profileId))
    .for('update', { of: profiles })
  return row
}

export async function updateMember(
  tx: DbOrTx,
  guildId: string,
  profileId: string,
  patch: { displayName?: string; role?: Role; isActive?: boolean },
  now: Date,
) {
  await tx
    .update(profiles)
    .set({ ...patch, updatedAt: now })
    .where(isGuildRow(profiles, guildId, profileId))
}

/** The account's name follows the display name: e-mails greet the user by it (as /me/profile does). */
export async function renameAccount(tx: DbOrTx, userId: string, name: string, now: Date) {
  await tx.update(user).set({ name, updatedAt: now }).where(eq(user.id, userId))
}

/** The name what a leaving member did keeps (docs/product-rules.md, "Members and invitations"). */
export async function insertFormerMember(
  tx: DbOrTx,
  guildId: string,
  member: { userId: string; displayName: string },
  now: Date,
) {
  await tx
    .insert(formerMembers)
    .values({ guildId, userId: member.userId, displayName: member.displayName, leftAt: now })
}
