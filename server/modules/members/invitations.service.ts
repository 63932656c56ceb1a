import { FREE_INVITE_SLOTS } from '../../../contract/plans'
import type { Language } from '../../../contract/enums'
import { linkInLanguage } from '../../../contract/language-link'
import type { Invitation, InviteLookup, InviteSlots } from '../../../contract/members'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { renderMail } from '../../platform/mail/templates'
import { emailExists } from '../accounts/accounts.queries'
import * as q from './invitations.queries'
import { hashInviteToken, inviteExpiry, inviteLink, newInviteToken } from './invitation-token'
import { lockGuild } from './members.queries'

// Invitations: slots, sending (with the e-mail after the commit), cancelling, and the link's lookup and claim.
// Audit descriptions are language-neutral: the invitee's name and e-mail.

export type Inviter = GuildActor & { name: string; language: Language }

export function presentInvitation(row: q.InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    status: row.status as Invitation['status'],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.status === 'pending' && row.expiresAt.getTime() <= now.getTime(),
  }
}

export function slotsOf(extraInvites: number, used: number): InviteSlots {
  return { limit: FREE_INVITE_SLOTS + extraInvites, used, extraInvites }
}

const describeInvitation = (row: { displayName: string; email: string }) =>
  `${row.displayName} <${row.email}>`

async function auditInvitation(
  tx: DbOrTx,
  actionType: 'INVITE_SENT' | 'INVITE_CANCELLED' | 'INVITE_ACCEPTED',
  row: Pick<GuildActor, 'guildId' | 'userId'> & { invitation: q.InvitationRow },
) {
  await insertAuditRow(tx, {
    guildId: row.guildId,
    userId: row.userId,
    actionType,
    tableName: 'user_invitations',
    recordId: row.invitation.id,
    description: describeInvitation(row.invitation),
  })
}

/**
 * One transaction with the guild locked: the address must have no account, its pending invitation (if any)
 * is cancelled first so the replacement does not count twice, then the slot count is checked. The e-mail
 * leaves after the commit; a failed send is logged and reported as `emailSent: false`, and the invitation
 * stays (sending it again replaces it).
 */
export async function sendInvitation(
  deps: Deps,
  inviter: Inviter,
  input: { email: string; displayName: string },
): Promise<Invitation & { emailSent: boolean }> {
  const now = deps.now()
  const token = newInviteToken()
  const { invitation, guildName } = await deps.database.db.transaction(async (tx) => {
    const guild = await lockGuild(tx, inviter.guildId)
    if (await emailExists(tx, input.email))
      throw new AppError('INVITE_EMAIL_HAS_ACCOUNT', { fields: { email: 'INVITE_EMAIL_HAS_ACCOUNT' } })
    for (const replaced of await q.cancelPendingForEmail(tx, guild.id, input.email))
      await auditInvitation(tx, 'INVITE_CANCELLED', { ...inviter, invitation: replaced })
    const slots = slotsOf(guild.extraInvites, await q.countUsedSlots(tx, guild.id))
    if (slots.used >= slots.limit)
      throw new AppError('INVITE_LIMIT_REACHED', { vars: { limit: slots.limit } })
    const created = await q.insertInvitation(tx, {
      guildId: guild.id,
      email: input.email,
      displayName: input.displayName,
      tokenHash: hashInviteToken(token),
      language: inviter.language,
      invitedBy: inviter.userId,
      expiresAt: inviteExpiry(now),
      now,
    })
    await auditInvitation(tx, 'INVITE_SENT', { ...inviter, invitation: created })
    return { invitation: created, guildName: guild.name }
  })
  await publishInvitationChange(deps, inviter.guildId)
  const emailSent = await mailInvitation(deps, {
    to: input.email,
    name: input.displayName,
    language: inviter.language,
    url: linkInLanguage(inviteLink(deps.env.APP_URL, token), inviter.language),
    guild: guildName,
    inviter: inviter.name,
  })
  return { ...presentInvitation(invitation, now), emailSent }
}

async function mailInvitation(
  deps: Deps,
  m: { to: string; name: string; language: Language; url: string; guild: string; inviter: string },
) {
  try {
    const vars = { guild: m.guild, inviter: m.inviter }
    await deps.mailer.send(
      renderMail('invite', { to: m.to, language: m.language, name: m.name, url: m.url, vars }),
    )
    return true
  } catch (error) {
    deps.logger.warn('invitation e-mail failed', { to: m.to, error: String(error) })
    return false
  }
}

async function publishInvitationChange(deps: Deps, guildId: string) {
  await deps.realtime.publish({ guildId, topic: 'members' })
  await deps.realtime.publish({ guildId, topic: 'history' })
}

/** Only a pending invitation can be cancelled; it frees its slot. */
export async function cancelInvitation(deps: Deps, actor: GuildActor, id: string) {
  await deps.database.db.transaction(async (tx) => {
    await lockGuild(tx, actor.guildId)
    const cancelled = await q.cancelPending(tx, actor.guildId, id)
    if (!cancelled) {
      if (!(await q.findInvitation(tx, actor.guildId, id))) throw new AppError('NOT_FOUND')
      throw new AppError('INVITE_NOT_PENDING')
    }
    await auditInvitation(tx, 'INVITE_CANCELLED', { ...actor, invitation: cancelled })
  })
  await publishInvitationChange(deps, actor.guildId)
}

/** Why a link cannot be used, in the spec's order of messages (§8). */
function refusal(row: { status: string; expiresAt: Date } | undefined, now: Date): AppError | null {
  if (!row) return new AppError('INVITE_INVALID')
  if (row.status === 'accepted') return new AppError('INVITE_USED')
  if (row.status === 'cancelled') return new AppError('INVITE_REPLACED')
  if (row.status !== 'pending') return new AppError('INVITE_UNAVAILABLE')
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError('INVITE_EXPIRED')
  return null
}

/** What /auth?invite=TOKEN prefills and locks. */
export async function lookupInvitation(deps: Deps, token: string): Promise<InviteLookup> {
  const row = await q.findByTokenHash(deps.database.db, hashInviteToken(token))
  const refused = refusal(row, deps.now())
  if (refused) throw refused
  return { email: row!.email, displayName: row!.displayName, guildName: row!.guildName }
}

export type ClaimedInvitation = NonNullable<Awaited<ReturnType<typeof q.claimByTokenHash>>> & {
  tokenHash: string
}

/** Inside the sign-up transaction: marks the invitation accepted, or throws why the link is unusable. */
export async function claimInvitation(tx: DbOrTx, token: string, now: Date): Promise<ClaimedInvitation> {
  const tokenHash = hashInviteToken(token)
  const claimed = await q.claimByTokenHash(tx, tokenHash, now)
  if (claimed) return { ...claimed, tokenHash }
  throw refusal(await q.findByTokenHash(tx, tokenHash), now) ?? new AppError('INVITE_UNAVAILABLE')
}

/** The new member's INVITE_ACCEPTED row, in the same transaction as their account. */
export async function auditAcceptance(tx: DbOrTx, invitation: ClaimedInvitation, userId: string) {
  await auditInvitation(tx, 'INVITE_ACCEPTED', { guildId: invitation.guildId, userId, invitation })
}

/** After the sign-up commits: the users page and the guild's member count change. */
export async function publishAcceptance(deps: Deps, guildId: string) {
  await deps.realtime.publish({ guildId, topic: 'members' })
  await deps.realtime.publish({ guildId, topic: 'guild' })
}

export async function getInvitationsAndSlots(deps: Deps, guildId: string, extraInvites: number) {
  const now = deps.now()
  const rows = await q.listSlotInvitations(deps.database.db, guildId)
  return {
    invitations: rows.map((r) => presentInvitation(r, now)),
    slots: slotsOf(extraInvites, rows.length),
  }
}
