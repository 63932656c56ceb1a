import {
  FORGOT_PASSWORD_PARAM,
  MIN_PASSWORD_LENGTH,
  type SignupSchema,
  slugify,
} from '../../../contract/accounts'
import type { Language } from '../../../contract/enums'
import { linkInLanguage } from '../../../contract/language-link'
import { timeZoneSchema } from '../../../contract/raid-nights'
import type { z } from 'zod'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { isLanguage } from '../../lib/i18n'
import { renderMail } from '../../platform/mail/templates'
import { assertGuildNameFree } from '../guilds/guilds.service'
import { emailExists, findAccountOwner, insertCredentialUser, insertGuildWithAdmin } from './accounts.queries'
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

/** The sign-up's zone as the time zone database spells it; one it does not know, none (the default). */
function guildZoneOf(zone: string | undefined): string | undefined {
  const parsed = timeZoneSchema.safeParse(zone)
  return parsed.success ? parsed.data : undefined
}

/**
 * User, credential, guild (trialing) and admin profile in one transaction: any failure leaves nothing.
 * The confirmation e-mail goes out after the commit.
 *
 * An address that already has an account gets the very answer a new one gets (201, "check your e-mail"), so
 * sign-up tells nobody which addresses are registered, as the password reset does not (docs/product-rules.md,
 * "Accounts"): nothing is created or changed, and the address's owner is e-mailed that someone tried, with
 * links to sign in and to reset the password. Both ways hash the password, run one transaction and send one
 * e-mail in a step of at least MAIL_STEP_FLOOR_MS, so neither answers markedly sooner. The guild name is
 * checked first, so a taken name is refused alike for a new address and a registered one.
 */
export async function signUp(deps: Deps, input: SignupInput) {
  assertStrongPassword(input.password)
  const slug = slugify(input.guildName)
  const now = deps.now()
  const passwordHash = await (await deps.auth.$context).password.hash(input.password)
  let created: boolean
  try {
    created = await deps.database.db.transaction(async (tx) => {
      // The same rule as a rename (guilds.service): no other guild's link or current name.
      await assertGuildNameFree(tx, input.guildName, { field: 'guildName' })
      if (await emailExists(tx, input.email)) return false
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
        timeZone: guildZoneOf(input.timeZone),
        now,
      })
      return true
    })
  } catch (error) {
    // Two sign-ups racing for the same e-mail or guild name: the loser gets the same answer as a taken one.
    const violation = uniqueViolation(error)
    if (violation?.constraint.includes('slug'))
      throw new AppError('GUILD_NAME_TAKEN', { fields: { guildName: 'GUILD_NAME_TAKEN' }, vars: { slug } })
    if (!violation?.constraint.includes('email')) throw error
    created = false
  }
  await noSoonerThan(MAIL_STEP_FLOOR_MS, () =>
    created ? sendConfirmation(deps, input.email) : tellOwnerOfAttempt(deps, input.email, input.language),
  )
  return { email: input.email, slug, verificationRequired: true }
}

/**
 * better-auth's sendVerificationEmail, called without a session, answers no sooner than 500 ms, its own floor
 * against timing (node_modules/better-auth/dist/api/routes/email-verification.mjs, MINIMUM_MS). Measured
 * without a floor of ours, a taken address answered in 260–530 ms against 790–1040 ms for a new one
 * (2026-12-07, PGlite): the attempt e-mail's step waits as long, so the two differ by their transactions only.
 */
export const MAIL_STEP_FLOOR_MS = 500

async function noSoonerThan(ms: number, work: () => Promise<void>) {
  const started = performance.now()
  await work()
  const left = ms - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}

async function sendConfirmation(deps: Deps, email: string) {
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } })
  } catch (error) {
    // The account exists; signing in sends a fresh link (better-auth sendOnSignIn), so the user is not stuck.
    deps.logger.warn('confirmation e-mail failed', { to: email, error: String(error) })
  }
}

/**
 * "Someone tried to create an account with your e-mail", in the account's language (the sign-up's when it
 * has no guild), with links to sign in and to the password reset (the sign-in page's `?forgot=1`).
 */
async function tellOwnerOfAttempt(deps: Deps, email: string, requestLanguage: Language) {
  try {
    const owner = await findAccountOwner(deps.database.db, email)
    // Deleted in the meantime: there is nobody to tell.
    if (!owner) return
    const language = isLanguage(owner.language) ? owner.language : requestLanguage
    const page = (path: string) => linkInLanguage(`${deps.env.APP_URL}${path}`, language)
    await deps.mailer.send(
      renderMail('signupAttempt', {
        to: owner.email,
        language,
        name: owner.name,
        links: [
          { action: 'signupAttemptSignIn', url: page('/auth') },
          { action: 'signupAttemptReset', url: page(`/auth?${FORGOT_PASSWORD_PARAM}=1`) },
        ],
      }),
    )
  } catch (error) {
    // The answer stays the one a new address gets; the owner simply hears nothing of this attempt.
    deps.logger.warn('sign-up attempt e-mail failed', { to: email, error: String(error) })
  }
}
