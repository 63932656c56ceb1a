import { z } from 'zod'
import { optionalText, orNull, requiredText, text, nameText } from './common'
import { LANGUAGES, ROLES, SUBSCRIPTION_STATUSES } from './enums'

/** At least 8 characters everywhere (the spec's 6 is below current guidance). */
export const MIN_PASSWORD_LENGTH = 8
/** A member's display name, wherever it is given: sign-up, the profile, an invitation, a member's edit. */
export const MAX_DISPLAY_NAME = 80
/** The name of one's character in the game, on the profile. */
export const MAX_GAME_CHARACTER_NAME = 80
export const MAX_PASSWORD_LENGTH = 128
/** The longest e-mail address (RFC 5321's path limit less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254

/**
 * Lowercase; anything outside a-z and 0-9 becomes a hyphen; hyphens collapse and are trimmed
 * (docs/product-rules.md, "Accounts").
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

const isEmail = (v: string) => z.email().safeParse(v).success
const email = text()
  .trim()
  .toLowerCase()
  .refine((v) => v.length > 0, 'required')
  .refine((v) => v === '' || isEmail(v), 'invalidEmail')
  .max(MAX_EMAIL_LENGTH, 'tooLong')
// The length rule is checked by the service so a short password answers WEAK_PASSWORD, not a generic 400.
const password = text().min(1, 'required').max(MAX_PASSWORD_LENGTH)
/** The confirmation a client may send with a new password at sign-up: the API checks it only when it is sent. */
export const confirmPassword = text().max(MAX_PASSWORD_LENGTH).optional()
/** Long enough, but spaces only (the server says BLANK_PASSWORD: server/modules/accounts/accounts.service.ts). */
export const isBlankPassword = (v: string) => v.length >= MIN_PASSWORD_LENGTH && v.trim() === ''

type Confirmed<K extends string> = Record<K, string> & { confirmPassword?: string }

/** For `.refine`: a confirmation that was sent repeats the password in `key` ('passwordMismatch'). */
export function confirmationMatches<K extends string>(
  key: K,
): [check: (v: Confirmed<K>) => boolean, issue: { message: string; path: string[] }] {
  return [
    (v) => !v.confirmPassword || v.confirmPassword === v[key],
    { message: 'passwordMismatch', path: ['confirmPassword'] },
  ]
}

/**
 * For a form's `.superRefine`: the rules a person should hear before the server does (a password in `key`
 * long enough, a confirmation typed).
 */
export function passwordFormRules<K extends string>(key: K) {
  return (v: Confirmed<K>, ctx: z.RefinementCtx) => {
    if (v[key].length > 0 && v[key].length < MIN_PASSWORD_LENGTH)
      ctx.addIssue({ code: 'custom', message: 'weakPassword', path: [key] })
    if (isBlankPassword(v[key])) ctx.addIssue({ code: 'custom', message: 'blankPassword', path: [key] })
    if (!v.confirmPassword) ctx.addIssue({ code: 'custom', message: 'required', path: ['confirmPassword'] })
  }
}

/** A guild's name: at sign-up and on the guild page. */
export const MAX_GUILD_NAME = 80

const guildName = nameText(MAX_GUILD_NAME).refine((name) => slugify(name).length > 0, 'guildNameInvalid')

/** The guild's public password is at least 6 characters wherever it is set. */
export const MIN_PUBLIC_PASSWORD_LENGTH = 6
export const isLongEnoughPublicPassword = (v: string) => v.length >= MIN_PUBLIC_PASSWORD_LENGTH
/** And at most this many. */
export const MAX_PUBLIC_PASSWORD = 120
/** The public password as sign-up sets it (the guild page may also clear it: contract/guild.ts). */
const publicPassword = requiredText(MAX_PUBLIC_PASSWORD).refine(
  isLongEnoughPublicPassword,
  'publicPasswordTooShort',
)
/**
 * The public password as the guild page sets it (contract/guild.ts): empty (or null) = none, the public page
 * closes; any other value has MIN_PUBLIC_PASSWORD_LENGTH characters or more once trimmed. Checked before the
 * trim would make spaces alone empty: they are too short, not a way to remove the password by accident.
 */
export const publicPasswordPatch = text()
  .nullish()
  .refine((v) => !v || isLongEnoughPublicPassword(v.trim()), 'publicPasswordTooShort')
  .pipe(optionalText(MAX_PUBLIC_PASSWORD))

export const SignupSchema = z
  .object({
    email,
    password,
    confirmPassword,
    displayName: nameText(MAX_DISPLAY_NAME),
    guildName,
    guildPassword: publicPassword,
    language: z.enum(LANGUAGES).default('pt'),
    /**
     * The new guild's time zone: the sign-up form sends its browser's, so a guild founded in London raids on
     * London's clock. A zone the server does not know, or none, leaves the default (DEFAULT_TIME_ZONE): a
     * browser's odd zone never stops a sign-up (server/modules/accounts/accounts.service.ts). The guild page
     * changes it later.
     */
    timeZone: z
      .string()
      .max(64)
      .optional()
      .meta({
        description:
          "An IANA time zone name (the browser's); one the server does not know leaves America/Sao_Paulo",
        examples: ['Europe/London'],
      }),
  })
  .refine(...confirmationMatches('password'))
  .meta({ id: 'SignupInput' })
export type SignupInput = z.input<typeof SignupSchema>

/** The sign-up form: the same fields, plus the rules a person should hear before the server does. */
export const SignupFormSchema = SignupSchema.superRefine(passwordFormRules('password'))

/**
 * `/auth?forgot=1`: the sign-in page asking for the e-mail to reset the password (the link of the e-mail an
 * address's owner gets when someone tries to sign up with it: server/modules/accounts/accounts.service.ts).
 */
export const FORGOT_PASSWORD_PARAM = 'forgot'

export const SignupResultSchema = z
  .object({ email: z.string(), slug: z.string(), verificationRequired: z.boolean() })
  .meta({ id: 'SignupResult' })

export const SubscriptionSchema = z
  .object({
    status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']),
    isTrialing: z.boolean(),
    isExpired: z.boolean(),
    allowed: z.boolean(),
    daysRemaining: z.number().int(),
    trialEndsAt: z.string(),
  })
  .meta({ id: 'Subscription' })
export type Subscription = z.infer<typeof SubscriptionSchema>

export const NotificationsSchema = z
  .object({ email: z.boolean(), events: z.boolean(), loot: z.boolean() })
  .meta({ id: 'Notifications' })
export type Notifications = z.infer<typeof NotificationsSchema>

export const MeSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    profile: z
      .object({
        id: z.uuid(),
        displayName: z.string(),
        gameCharacterName: z.string().nullable(),
        role: z.enum(ROLES),
        isActive: z.boolean(),
        language: z.enum(LANGUAGES),
        notifications: NotificationsSchema,
        createdAt: z.string(),
      })
      .nullable(),
    guild: z
      .object({
        id: z.uuid(),
        name: z.string(),
        slug: z.string(),
        subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
        createdAt: z.string(),
      })
      .nullable(),
    subscription: orNull(SubscriptionSchema),
  })
  .meta({ id: 'Me' })
export type Me = z.infer<typeof MeSchema>

export const ProfilePatchSchema = z
  .object({
    displayName: nameText(MAX_DISPLAY_NAME).optional(),
    gameCharacterName: optionalText(MAX_GAME_CHARACTER_NAME).optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .meta({ id: 'ProfilePatch' })
export type ProfilePatch = z.input<typeof ProfilePatchSchema>

export const PasswordChangeSchema = z
  .object({
    currentPassword: text().min(1, 'required').max(MAX_PASSWORD_LENGTH),
    newPassword: password,
    // Required here: the change is made by a signed-in person in a form that asks for it twice.
    confirmPassword: text().min(1, 'required').max(MAX_PASSWORD_LENGTH),
  })
  .refine(...confirmationMatches('newPassword'))
  .meta({ id: 'PasswordChange' })
export type PasswordChange = z.input<typeof PasswordChangeSchema>

export const PasswordChangeFormSchema = PasswordChangeSchema.superRefine(passwordFormRules('newPassword'))

/** Sign-in (e-mail and password required) and the new password of a reset link. */
export const SignInSchema = z.object({ email, password: text().min(1, 'required') })
export const ResetPasswordFormSchema = z
  .object({ newPassword: password, confirmPassword: text().min(1, 'required') })
  .refine((v) => v.newPassword.length >= MIN_PASSWORD_LENGTH, {
    message: 'weakPassword',
    path: ['newPassword'],
  })
  .refine((v) => !isBlankPassword(v.newPassword), { message: 'blankPassword', path: ['newPassword'] })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: 'passwordMismatch',
    path: ['confirmPassword'],
  })

/**
 * Deleting one's account: the account's current password always (the server re-authenticates: a session
 * alone, a browser left open or a stolen cookie, deletes nothing), and the guild's name when the guild goes
 * with it (GET /me/deletion says when).
 */
export const DeleteAccountSchema = z
  .object({
    currentPassword: text().min(1, 'required').max(MAX_PASSWORD_LENGTH),
    confirmGuildName: text().max(200).optional(),
  })
  .meta({ id: 'DeleteAccount' })
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>

/** What deleting one's account takes with it: the guild too when they are its last active admin. */
export const AccountDeletionSchema = z
  .object({ deletes: z.enum(['account', 'guild']) })
  .meta({ id: 'AccountDeletion' })
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>

export const DeleteAccountResultSchema = z
  .object({ deleted: z.enum(['account', 'guild']) })
  .meta({ id: 'DeleteAccountResult' })
