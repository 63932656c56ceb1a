import type { z } from 'zod'
import type { InviteSignupSchema } from '../../../contract/members'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { notifyMemberJoined } from '../notifications/notify.service'
import { auditAcceptance, claimInvitation, publishAcceptance } from '../members/invitations.service'
import { emailExists, insertCredentialUser, insertInvitedProfile } from './accounts.queries'
import { assertStrongPassword } from './accounts.service'
import { uniqueViolation } from './unique-violation'

type InviteSignupInput = z.output<typeof InviteSignupSchema>

const emailTaken = () => new AppError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } })

/**
 * Sign-up through an invitation link, in one transaction: the invitation is claimed (pending → accepted,
 * so of two racing sign-ups exactly one gets it), then the account, its credential and the guild_member
 * profile, and the INVITE_ACCEPTED audit row. E-mail and display name come from the invitation. The link
 * proved the address, so the account is verified at once: no confirmation e-mail.
 */
export async function signUpWithInvite(deps: Deps, input: InviteSignupInput) {
  assertStrongPassword(input.password)
  const now = deps.now()
  const passwordHash = await (await deps.auth.$context).password.hash(input.password)
  try {
    const invitation = await deps.database.db.transaction(async (tx) => {
      const claimed = await claimInvitation(tx, input.token, now)
      // One guild per account: an address that signed up since it was invited keeps its own account.
      if (await emailExists(tx, claimed.email)) throw emailTaken()
      const userId = await insertCredentialUser(tx, {
        email: claimed.email,
        name: claimed.displayName,
        passwordHash,
        now,
        emailVerified: true,
      })
      await insertInvitedProfile(tx, {
        userId,
        guildId: claimed.guildId,
        displayName: claimed.displayName,
        invitedViaToken: claimed.tokenHash,
        language: input.language,
        now,
      })
      await auditAcceptance(tx, claimed, userId)
      await notifyMemberJoined(tx, {
        guildId: claimed.guildId,
        userId,
        name: claimed.displayName,
        invitationId: claimed.id,
        at: now,
      })
      return claimed
    })
    await publishAcceptance(deps, invitation.guildId)
    deps.announcer.wake()
    return { email: invitation.email }
  } catch (error) {
    // The same address signing up at the same moment by another way: the same answer as a taken one.
    if (uniqueViolation(error)?.constraint.includes('email')) throw emailTaken()
    throw error
  }
}
