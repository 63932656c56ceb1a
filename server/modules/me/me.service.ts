import type { z } from 'zod'
import type {
  DeleteAccountSchema,
  Me,
  Notifications,
  PasswordChangeSchema,
  ProfilePatchSchema,
} from '../../../contract/accounts'
import type { AppEnv } from '../../app-context'
import type { DbOrTx } from '../../db/client'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { deleteGuildEndingSubscription } from '../billing/billing.service'
import { deriveSubscription } from '../../lib/subscription-state'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { recordSessionEnds } from '../../auth/session-endings.queries'
import { assertStrongPassword } from '../accounts/accounts.service'
import { lockMembership, memberLeaves } from '../members/members.service'
import * as q from './me.queries'

type Vars = AppEnv['Variables']
type Profile = NonNullable<Awaited<ReturnType<typeof q.findMyProfile>>>

function presentProfile(p: Profile): NonNullable<Me['profile']> {
  return {
    id: p.id,
    displayName: p.displayName,
    gameCharacterName: p.gameCharacterName,
    role: p.role as 'guild_admin' | 'guild_member',
    isActive: p.isActive,
    language: p.language as 'pt' | 'en',
    notifications: { email: p.notifyEmail, events: p.notifyEvents, loot: p.notifyLoot },
    createdAt: p.createdAt.toISOString(),
  }
}

/** Everything the dashboard shell needs, in one answer. */
export async function getMe(deps: Deps, vars: Pick<Vars, 'user' | 'guild'>): Promise<Me> {
  const user = vars.user!
  const profile = await q.findMyProfile(deps.database.db, user.id)
  const guild = profile?.guildId ? vars.guild : null
  return {
    user: { id: user.id, email: user.email, name: user.name },
    profile: profile ? presentProfile(profile) : null,
    guild: guild
      ? {
          id: guild.id,
          name: guild.name,
          slug: guild.slug,
          subscriptionStatus: guild.subscriptionStatus as NonNullable<Me['guild']>['subscriptionStatus'],
          createdAt: guild.createdAt.toISOString(),
        }
      : null,
    subscription: guild ? deriveSubscription(guild, deps.now()) : null,
  }
}

export async function updateProfile(deps: Deps, userId: string, patch: z.output<typeof ProfilePatchSchema>) {
  const row = await deps.database.db.transaction((tx) => q.updateMyProfile(tx, userId, patch, deps.now()))
  if (!row) throw new AppError('NO_GUILD')
  return presentProfile(row)
}

export async function updateNotifications(deps: Deps, userId: string, input: Notifications) {
  const row = await q.updateMyProfile(
    deps.database.db,
    userId,
    { notifyEmail: input.email, notifyEvents: input.events, notifyLoot: input.loot },
    deps.now(),
  )
  if (!row) throw new AppError('NO_GUILD')
  return presentProfile(row).notifications
}

/**
 * Re-authentication for a change a session alone may not make (a new password, deleting the account): the
 * account's current password, checked against its credential with better-auth's own hashing. Checked before
 * any transaction, so a wrong one holds no lock and changes nothing.
 */
async function assertCurrentPassword(deps: Deps, userId: string, currentPassword: string) {
  const { password } = await deps.auth.$context
  const hash = await q.findPasswordHash(deps.database.db, userId)
  const matches = hash ? await password.verify({ hash, password: currentPassword }) : false
  if (!matches)
    throw new AppError('CURRENT_PASSWORD_WRONG', { fields: { currentPassword: 'CURRENT_PASSWORD_WRONG' } })
  return password
}

/** The current password is checked (the spec collected it and ignored it). */
export async function changePassword(
  deps: Deps,
  who: { userId: string; sessionId: string },
  input: z.output<typeof PasswordChangeSchema>,
) {
  const password = await assertCurrentPassword(deps, who.userId, input.currentPassword)
  assertStrongPassword(input.newPassword, 'newPassword')
  const newHash = await password.hash(input.newPassword)
  const now = deps.now()
  await deps.database.db.transaction(async (tx) => {
    await q.setPasswordHash(tx, who.userId, newHash, now)
    // Anyone else holding a session (a stolen cookie, another device) is out, and told why; this browser stays in.
    await recordSessionEnds(
      tx,
      { userIds: [who.userId], exceptSessionId: who.sessionId },
      'password-changed',
      now,
    )
    await q.revokeOtherSessions(tx, who.userId, who.sessionId)
  })
}

/**
 * What deleting the account takes with it: the guild, with all its data and its members' accounts, when the
 * account is its last active admin; otherwise the account alone. The dialog asks for the guild's name only
 * in the first case (GET /me/deletion), and deleteAccount checks it only then.
 */
async function whatDeletionTakes(db: DbOrTx, userId: string, guildId: string | null) {
  const profile = await q.findMyProfile(db, userId)
  if (!profile || !guildId) return { deletes: 'account' as const, profile }
  const lastAdmin =
    profile.role === 'guild_admin' && (await q.countOtherActiveAdmins(db, guildId, userId)) === 0
  return { deletes: lastAdmin ? ('guild' as const) : ('account' as const), profile }
}

export async function accountDeletion(deps: Deps, vars: Pick<Vars, 'user' | 'guild'>) {
  const { deletes } = await whatDeletionTakes(deps.database.db, vars.user!.id, vars.guild?.id ?? null)
  return { deletes }
}

/**
 * LGPD erasure. A member (or an admin while another active admin remains) deletes their account and leaves
 * the guild (members' memberLeaves: what they did keeps their name); the last active admin deletes the
 * guild with all its data and its members' accounts, after typing the guild name. Either way the account's
 * current password is asked first (an outside tester deleted a guild with a session alone): this is our
 * better-auth deleteUser with its password check, kept here because the guild, its members and its
 * subscription go in the same transaction. The guild is locked first, as for every membership change, so
 * two admins deleting themselves at once cannot both leave.
 */
export async function deleteAccount(
  deps: Deps,
  vars: Pick<Vars, 'user' | 'guild'>,
  input: z.output<typeof DeleteAccountSchema>,
) {
  const user = vars.user!
  const guild = vars.guild
  const { confirmGuildName } = input
  await assertCurrentPassword(deps, user.id, input.currentPassword)
  const now = deps.now()
  const result = await deps.database.db.transaction(async (tx) => {
    if (guild) await lockMembership(tx, guild.id)
    const { deletes, profile } = await whatDeletionTakes(tx, user.id, guild?.id ?? null)
    if (!guild || !profile?.guildId) {
      await recordSessionEnds(tx, { userIds: [user.id] }, 'account-deleted', now)
      await q.deleteUser(tx, user.id)
      return { deleted: 'account' as const }
    }
    if (deletes === 'guild') {
      if ((confirmGuildName ?? '').trim() !== guild.name.trim())
        throw new AppError('GUILD_NAME_MISMATCH', { fields: { confirmGuildName: 'GUILD_NAME_MISMATCH' } })
      // The other members' open dashboards say the guild went with their accounts; the admin's, that theirs did.
      await recordSessionEnds(tx, { userIds: await q.guildMemberUserIds(tx, guild.id) }, 'guild-deleted', now)
      await recordSessionEnds(tx, { userIds: [user.id] }, 'account-deleted', now)
      // Its subscription ends at the provider in the same step: both happen, or neither (the service says how).
      await deleteGuildEndingSubscription(deps, tx, guild.id, () => q.deleteGuildAndMembers(tx, guild.id))
      return { deleted: 'guild' as const }
    }
    if (profile.role === 'guild_admin') await q.handOverGuild(tx, guild.id, user.id, now)
    await insertAuditRow(tx, {
      guildId: guild.id,
      userId: user.id,
      actionType: 'USER_DELETE',
      tableName: 'profiles',
      recordId: profile.id,
      description: profile.displayName,
    })
    await recordSessionEnds(tx, { userIds: [user.id] }, 'account-deleted', now)
    await memberLeaves(tx, guild.id, profile, now)
    return { deleted: 'account' as const }
  })
  // A member left a guild that goes on: its screens (members, counts, the activity log) refresh after the commit.
  if (result.deleted === 'account' && guild)
    for (const topic of ['guild', 'members', 'history'] as const)
      await deps.realtime.publish({ guildId: guild.id, topic })
  return result
}
