import type { Role } from '../../../contract/enums'
import type { Member, MemberPatch, MembersPage } from '../../../contract/members'
import type { Deps } from '../../deps'
import { revokeAllSessions } from '../../auth/context.queries'
import { recordSessionEnds } from '../../auth/session-endings.queries'
import type { Tx } from '../../db/client'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import type { GuildEvent } from '../../platform/realtime'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { countOtherActiveAdmins, deleteUser, handOverGuild } from '../me/me.queries'
import { notifyMemberRemoved } from '../notifications/notify.service'
import { deleteAcceptedInvitation } from './invitations.queries'
import { getInvitationsAndSlots } from './invitations.service'
import * as q from './members.queries'

// The guild's members, managed by its admins. Each change is one transaction with the guild locked (so the
// last-admin rule cannot be raced), its audit row inside, and realtime events after the commit. A change
// that changes nothing writes nothing. Audit descriptions are language-neutral: display names.

export function presentMember(row: q.MemberRow, selfUserId: string): Member {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    displayName: row.displayName,
    role: row.role as Role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    isSelf: row.userId === selfUserId,
  }
}

export async function getMembersPage(deps: Deps, actor: GuildActor): Promise<MembersPage> {
  const db = deps.database.db
  const rows = await q.listMembers(db, actor.guildId)
  const extraInvites = await q.findExtraInvites(db, actor.guildId)
  const { invitations, slots } = await getInvitationsAndSlots(deps, actor.guildId, extraInvites)
  return { members: rows.map((r) => presentMember(r, actor.userId)), invitations, slots }
}

type MemberAction = 'USER_UPDATED' | 'USER_ACTIVATED' | 'USER_DEACTIVATED' | 'USER_REMOVED'
/** What a write did: null when nothing changed. `after` is the member as it is now (null once removed). */
type Outcome = {
  action: MemberAction
  description: string
  after: q.MemberRow | null
  topics: GuildEvent['topic'][]
} | null

/** Who counts the guild's members (its page) and who reads the activity log must refetch. */
const COUNT_CHANGED: GuildEvent['topic'][] = ['members', 'guild']
const LIST_CHANGED: GuildEvent['topic'][] = ['members', 'history']

/** Locks the guild and the member (404 when not in this guild), applies, audits, publishes after commit. */
async function runMemberWrite(
  deps: Deps,
  actor: GuildActor,
  profileId: string,
  apply: (tx: Tx, member: q.MemberRow, now: Date) => Promise<Outcome>,
) {
  const { before, outcome } = await deps.database.db.transaction(async (tx) => {
    await q.lockGuild(tx, actor.guildId)
    const member = await q.findMemberForUpdate(tx, actor.guildId, profileId)
    if (!member) throw new AppError('NOT_FOUND')
    const result = await apply(tx, member, deps.now())
    if (result)
      await insertAuditRow(tx, {
        guildId: actor.guildId,
        userId: actor.userId,
        actionType: result.action,
        tableName: 'profiles',
        recordId: member.id,
        description: result.description,
      })
    return { before: member, outcome: result }
  })
  for (const topic of outcome?.topics ?? []) await deps.realtime.publish({ guildId: actor.guildId, topic })
  return outcome ? outcome.after : before
}

function refuseSelf(actor: GuildActor, member: q.MemberRow) {
  if (member.userId === actor.userId) throw new AppError('CANNOT_CHANGE_SELF')
}

/**
 * A guild always keeps at least one active admin. Before an active admin is demoted,
 * deactivated or removed; the guild's owner of record passes to another active admin.
 */
async function keepAnActiveAdmin(tx: Tx, guildId: string, member: q.MemberRow, now: Date) {
  if (member.role !== 'guild_admin' || !member.isActive) return
  if ((await countOtherActiveAdmins(tx, guildId, member.userId)) === 0) throw new AppError('LAST_ADMIN')
  await handOverGuild(tx, guildId, member.userId, now)
}

/** Display name and role. An admin may rename themselves but not change their own role. */
export async function updateMember(deps: Deps, actor: GuildActor, profileId: string, patch: MemberPatch) {
  const row = await runMemberWrite(deps, actor, profileId, async (tx, member, now) => {
    const renamed = patch.displayName !== member.displayName
    const roleChanged = patch.role !== member.role
    if (!renamed && !roleChanged) return null
    if (roleChanged) refuseSelf(actor, member)
    if (roleChanged && patch.role === 'guild_member') await keepAnActiveAdmin(tx, actor.guildId, member, now)
    await q.updateMember(
      tx,
      actor.guildId,
      member.id,
      { displayName: patch.displayName, role: patch.role },
      now,
    )
    if (renamed) await q.renameAccount(tx, member.userId, patch.displayName, now)
    // "Name[ → New name][ · guild_member → guild_admin]": the role as codes, put into words when shown
    // (contract/activity-description.ts).
    const name = renamed ? `${member.displayName} → ${patch.displayName}` : member.displayName
    return {
      action: 'USER_UPDATED',
      description: roleChanged ? `${name} · ${member.role} → ${patch.role}` : name,
      after: { ...member, displayName: patch.displayName, role: patch.role },
      topics: LIST_CHANGED,
    }
  })
  return presentMember(row!, actor.userId)
}

/** Deactivating ends every session of the member in the same transaction: their next request is refused. */
export async function setMemberActive(deps: Deps, actor: GuildActor, profileId: string, active: boolean) {
  const row = await runMemberWrite(deps, actor, profileId, async (tx, member, now) => {
    refuseSelf(actor, member)
    if (member.isActive === active) return null
    if (!active) {
      await keepAnActiveAdmin(tx, actor.guildId, member, now)
      await revokeAllSessions(tx, member.userId, 'deactivated', now)
    }
    await q.updateMember(tx, actor.guildId, member.id, { isActive: active }, now)
    return {
      action: active ? 'USER_ACTIVATED' : 'USER_DEACTIVATED',
      description: member.displayName,
      after: { ...member, isActive: active },
      topics: [...COUNT_CHANGED, 'history'],
    }
  })
  return presentMember(row!, actor.userId)
}

/** An admin removes a member: the member leaves the guild (memberLeaves). */
export async function removeMember(deps: Deps, actor: GuildActor, profileId: string) {
  await runMemberWrite(deps, actor, profileId, async (tx, member, now) => {
    refuseSelf(actor, member)
    await keepAnActiveAdmin(tx, actor.guildId, member, now)
    // Told to the other members (e-mail notifications) before the account goes.
    await notifyMemberRemoved(tx, {
      guildId: actor.guildId,
      member: { userId: member.userId, name: member.displayName },
      by: { userId: actor.userId },
      at: now,
    })
    // Their open dashboard says they were removed, not that they left (contract/session-end.ts).
    await recordSessionEnds(tx, { userIds: [member.userId] }, 'removed', now)
    await memberLeaves(tx, actor.guildId, member, now)
    return {
      action: 'USER_REMOVED',
      description: member.displayName,
      after: null,
      topics: [...COUNT_CHANGED, 'history'],
    }
  })
  deps.announcer.wake()
}

/**
 * Serialises a change of the guild's membership (who is an active admin, slots): every member write, and an
 * account's own deletion, lock the guild row first.
 */
export const lockMembership = (tx: Tx, guildId: string) => q.lockGuild(tx, guildId)

/**
 * A member leaves the guild, removed by an admin or deleting their own account, inside the caller's
 * transaction. What they did keeps their name: the activity log and the loot history name them as a former
 * member (former_members; the rows keep their user id). The invitation they joined by goes, so its slot is
 * free again, its address is not kept, and its link can never make a member again. Then the account is
 * deleted (LGPD): profile, sessions and credentials cascade.
 */
export async function memberLeaves(
  tx: Tx,
  guildId: string,
  member: { userId: string; displayName: string; invitedViaToken: string | null },
  now: Date,
) {
  await q.insertFormerMember(tx, guildId, member, now)
  if (member.invitedViaToken) await deleteAcceptedInvitation(tx, guildId, member.invitedViaToken)
  await deleteUser(tx, member.userId)
}
