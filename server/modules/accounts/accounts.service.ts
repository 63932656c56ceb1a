import { MIN_PASSWORD_LENGTH, type SignupSchema, slugify } from '../../../contract/accounts'
import type { z } from 'zod'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { assertGuildNameFree } from '../guilds/guilds.service'
import { emailExists, insertCredentialUser, insertGuildWithAdmin } from './accounts.queries'
import { uniqueViolation } from './unique-violation'

type SignupInput = z.output<typeof SignupSchema>

/** Where the confirmation link lands once better-auth has marked the e-mail verified. */
export const VERIFIED_CALLBACK = '/auth?verified=1'

export function assertStrongPassword(password: string, field = 'password') {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('WEAK_PASSWORD', { fields: { [field]: 'WEAK_PASSWORD' } })
  // Long enough, but spaces only: nobody means that as a password (a key held down, a paste gone wrong).
  if (password.trim() === '') throw new AppError('BLANK_PASSWORD', { fields: { [field]: 'BLANK_PASSWORD' } })
}

/**
 * User, credential, guild (trialing) and admin profile in one transaction: any failure leaves nothing.
 * The confirmation e-mail goes out after the commit.
 */
export async function signUp(deps: Deps, input: SignupInput) {
  assertStrongPassword(input.password)
  const slug = slugify(input.guildName)
  const now = deps.now()
  const passwordHash = await (await deps.auth.$context).password.hash(input.password)
  try {
    await deps.database.db.transaction(async (tx) => {
      if (await emailExists(tx, input.email))
        throw new AppError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } })
      // The same rule as a rename (guilds.service): no other guild's link or current name.
      await assertGuildNameFree(tx, input.guildName, { field: 'guildName' })
      const userId = await insertCredentialUser(tx, {
        email: input.email,
        name: input.displayName,
        passwordHash,
        now,
      })
      await insertGuildWithAdmin(tx, {
        userId,
        name: input.guildName,
        slug,
        publicAccessPassword: input.guildPassword,
        displayName: input.displayName,
        language: input.language,
        now,
      })
    })
  } catch (error) {
    // Two sign-ups racing for the same e-mail or guild name: the loser gets the same answer as a taken one.
    const violation = uniqueViolation(error)
    if (violation?.constraint.includes('email'))
      throw new AppError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } })
    if (violation?.constraint.includes('slug'))
      throw new AppError('GUILD_NAME_TAKEN', { fields: { guildName: 'GUILD_NAME_TAKEN' }, vars: { slug } })
    throw error
  }
  try {
    await deps.auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL: VERIFIED_CALLBACK },
    })
  } catch (error) {
    // The account exists; signing in sends a fresh link (better-auth sendOnSignIn), so the user is not stuck.
    deps.logger.warn('confirmation e-mail failed', { to: input.email, error: String(error) })
  }
  return { email: input.email, slug, verificationRequired: true }
}
