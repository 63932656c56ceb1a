import { z } from 'zod'
import { text, nameText } from './common'
import { INVITATION_STATUSES, LANGUAGES, ROLES } from './enums'
import {
  confirmationMatches,
  confirmPassword,
  MAX_DISPLAY_NAME,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  passwordFormRules,
} from './accounts'

// Guild members (profiles) and invitations: the users page (admins, Pro) and /auth?invite=TOKEN.

const email = text()
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .max(MAX_EMAIL_LENGTH, 'tooLong')
  .refine((v) => z.email().safeParse(v).success, 'invalidEmail')

export const MemberSchema = z
  .object({
    /** The profile id. */
    id: z.uuid(),
    userId: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    isActive: z.boolean(),
    /** When they joined the guild (the profile's creation). */
    createdAt: z.string(),
    /** The signed-in admin's own row: the screen offers no deactivate/demote/remove on it. */
    isSelf: z.boolean(),
  })
  .meta({ id: 'Member' })
export type Member = z.infer<typeof MemberSchema>

export const MemberPatchSchema = z
  .object({ displayName: nameText(MAX_DISPLAY_NAME), role: z.enum(ROLES) })
  .meta({ id: 'MemberPatch' })
export type MemberPatch = z.input<typeof MemberPatchSchema>

export const InvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    displayName: z.string(),
    status: z.enum(INVITATION_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** Pending but past its expiry: shown as expired, still counts until cancelled. */
    isExpired: z.boolean(),
  })
  .meta({ id: 'Invitation' })
export type Invitation = z.infer<typeof InvitationSchema>

/**
 * Slots: 3 + extra_invites; used = pending + accepted invitations
 * (docs/decisions/002-members-and-invitations.md).
 */
export const InviteSlotsSchema = z
  .object({ limit: z.number().int(), used: z.number().int(), extraInvites: z.number().int() })
  .meta({ id: 'InviteSlots' })
export type InviteSlots = z.infer<typeof InviteSlotsSchema>

/** GET /members: everything the users page shows, in one call. */
export const MembersPageSchema = z
  .object({
    members: z.array(MemberSchema),
    /** Pending and accepted invitations, newest first. */
    invitations: z.array(InvitationSchema),
    slots: InviteSlotsSchema,
  })
  .meta({ id: 'MembersPage' })
export type MembersPage = z.infer<typeof MembersPageSchema>

export const InviteInputSchema = z
  .object({ email, displayName: nameText(MAX_DISPLAY_NAME) })
  .meta({ id: 'InviteInput' })
export type InviteInput = z.input<typeof InviteInputSchema>

/** POST /invitations: the invitation, and whether its e-mail left (a failed send keeps the invitation). */
export const InviteResultSchema = InvitationSchema.extend({ emailSent: z.boolean() }).meta({
  id: 'InviteResult',
})
export type InviteResult = z.infer<typeof InviteResultSchema>

/** GET /invitations/lookup/{token}: what the sign-up form prefills and locks. */
export const InviteLookupSchema = z
  .object({ email: z.string(), displayName: z.string(), guildName: z.string() })
  .meta({ id: 'InviteLookup' })
export type InviteLookup = z.infer<typeof InviteLookupSchema>

export const InviteTokenParamSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) })

/** POST /accounts/signup-invite: the e-mail and display name come from the invitation, not the browser. */
export const InviteSignupSchema = z
  .object({
    token: text().min(1, 'required').max(200),
    password: text().min(1, 'required').max(MAX_PASSWORD_LENGTH),
    confirmPassword,
    language: z.enum(LANGUAGES).default('pt'),
  })
  .refine(...confirmationMatches('password'))
  .meta({ id: 'InviteSignupInput' })
export type InviteSignupInput = z.input<typeof InviteSignupSchema>

/** The invite sign-up form: the same fields, plus the rules a person should hear before the server does. */
export const InviteSignupFormSchema = InviteSignupSchema.superRefine(passwordFormRules('password'))

/**
 * `signedIn`: the answer set the session cookie (the invitation proved the address); false only when the
 * sign-in failed after the account was made, and the person signs in with the password they chose.
 */
export const InviteSignupResultSchema = z
  .object({ email: z.string(), signedIn: z.boolean() })
  .meta({ id: 'InviteSignupResult' })
export type InviteSignupResult = z.infer<typeof InviteSignupResultSchema>
