import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm'
import type { Language } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { guilds, userInvitations } from '../../db/schema'

// Guild-scoped, except the two reads by token hash: the token is the credential of an anonymous visitor,
// who has no guild yet. The hash is unique across all guilds.

/** What a slot holds (docs/decisions/002-members-and-invitations.md): pending and accepted invitations. */
const HOLDS_A_SLOT = ['pending', 'accepted']

const invitationColumns = {
  id: userInvitations.id,
  email: userInvitations.email,
  displayName: userInvitations.displayName,
  status: userInvitations.status,
  createdAt: userInvitations.createdAt,
  expiresAt: userInvitations.expiresAt,
}
export type InvitationRow = {
  id: string
  email: string
  displayName: string
  status: string
  createdAt: Date
  expiresAt: Date
}

export async function listSlotInvitations(db: DbOrTx, guildId: string): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(userInvitations)
    .where(and(eq(userInvitations.guildId, guildId), inArray(userInvitations.status, HOLDS_A_SLOT)))
    .orderBy(desc(userInvitations.createdAt), desc(userInvitations.id))
}

export async function countUsedSlots(db: DbOrTx, guildId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(userInvitations)
    .where(and(eq(userInvitations.guildId, guildId), inArray(userInvitations.status, HOLDS_A_SLOT)))
  return row!.n
}

/** Pending → cancelled, for the guild's invitations `which` also picks. */
function cancelPendingWhere(tx: DbOrTx, guildId: string, which: SQL) {
  return tx
    .update(userInvitations)
    .set({ status: 'cancelled' })
    .where(and(eq(userInvitations.guildId, guildId), which, eq(userInvitations.status, 'pending')))
    .returning(invitationColumns)
}

/** A re-invite replaces the address's pending invitation (at most one: a partial unique index). */
export function cancelPendingForEmail(tx: DbOrTx, guildId: string, email: string) {
  return cancelPendingWhere(tx, guildId, eq(userInvitations.email, email))
}

export async function insertInvitation(
  tx: DbOrTx,
  values: {
    guildId: string
    email: string
    displayName: string
    tokenHash: string
    language: Language
    invitedBy: string
    expiresAt: Date
    now: Date
  },
): Promise<InvitationRow> {
  const [row] = await tx
    .insert(userInvitations)
    .values({
      guildId: values.guildId,
      email: values.email,
      displayName: values.displayName,
      inviteToken: values.tokenHash,
      language: values.language,
      invitedBy: values.invitedBy,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning(invitationColumns)
  return row!
}

/** Pending → cancelled; nothing when it is not pending (or not this guild's). */
export async function cancelPending(tx: DbOrTx, guildId: string, id: string) {
  const [row] = await cancelPendingWhere(tx, guildId, eq(userInvitations.id, id))
  return row
}

export async function findInvitation(db: DbOrTx, guildId: string, id: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(userInvitations)
    .where(isGuildRow(userInvitations, guildId, id))
  return row
}

/** The invitation a link points to, with its guild's name. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ ...invitationColumns, guildId: userInvitations.guildId, guildName: guilds.name })
    .from(userInvitations)
    .innerJoin(guilds, eq(guilds.id, userInvitations.guildId))
    .where(eq(userInvitations.inviteToken, tokenHash))
  return row
}

/**
 * Claims a usable invitation: pending → accepted in one statement. Of two sign-ups racing on one link the
 * second waits on the row lock, then finds it no longer pending and claims nothing.
 */
export async function claimByTokenHash(tx: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await tx
    .update(userInvitations)
    .set({ status: 'accepted', acceptedAt: now })
    .where(
      and(
        eq(userInvitations.inviteToken, tokenHash),
        eq(userInvitations.status, 'pending'),
        gt(userInvitations.expiresAt, now),
      ),
    )
    .returning({ ...invitationColumns, guildId: userInvitations.guildId })
  return row
}

/** A removed member's invitation goes with them: the slot is free again and their e-mail is not kept. */
export async function deleteAcceptedInvitation(tx: DbOrTx, guildId: string, tokenHash: string) {
  await tx
    .delete(userInvitations)
    .where(
      and(
        eq(userInvitations.guildId, guildId),
        eq(userInvitations.inviteToken, tokenHash),
        eq(userInvitations.status, 'accepted'),
      ),
    )
}
