import { deleteCookie } from 'hono/cookie'
import {
  AccountDeletionSchema,
  DeleteAccountResultSchema,
  DeleteAccountSchema,
  MeSchema,
  NotificationsSchema,
  PasswordChangeSchema,
  ProfilePatchSchema,
} from '../../../contract/accounts'
import { errorResponse, errorsOf } from '../../../contract/common'
import { requireUser } from '../../auth/guards'
import { limitRequests } from '../../lib/rate-limit'
import { createRouter, declareRoutes, jsonBody, jsonResponse, retryAfterHeader } from '../../lib/router'
import * as me from './me.service'

const ProfileSchema = MeSchema.shape.profile.unwrap()

// Any signed-in user, with or without a guild; a deactivated member gets 403 ACCOUNT_DEACTIVATED.
const route = declareRoutes({ tags: ['me'], middleware: [requireUser] })

/** Password checks an account may ask for in PASSWORD_CHECK_WINDOW_SECONDS (a change or a deletion). */
export const PASSWORD_CHECKS = 10
export const PASSWORD_CHECK_WINDOW_SECONDS = 900

// The routes that check the current password are limited per account, right or wrong: a session alone (a
// browser left signed in, a stolen cookie) must not be able to guess the password that guards them
// (docs/decisions/002-members-and-invitations.md). Ten in a quarter of an hour is more than a person needs.
const limitPasswordChecks = limitRequests((c) => `password-check|${c.get('user')!.id}`, {
  window: PASSWORD_CHECK_WINDOW_SECONDS,
  max: PASSWORD_CHECKS,
})
const tooManyChecks = {
  429: { ...errorResponse('Too many password checks for this account'), headers: retryAfterHeader },
}

const getMeRoute = route('get', '/me', {
  summary: 'The signed-in user, profile, guild and derived subscription state (what the shell reads)',
  responses: { 200: jsonResponse(MeSchema, 'OK'), ...errorsOf(401, 403) },
})

const patchProfileRoute = route('patch', '/me/profile', {
  summary: 'Edit display name, game character name and language',
  request: { body: jsonBody(ProfilePatchSchema) },
  responses: { 200: jsonResponse(ProfileSchema, 'Saved'), ...errorsOf(400, 401, 403) },
})

const putNotificationsRoute = route('put', '/me/notifications', {
  summary: 'Save the three notification switches',
  request: { body: jsonBody(NotificationsSchema) },
  responses: { 200: jsonResponse(NotificationsSchema, 'Saved'), ...errorsOf(400, 401, 403) },
})

const changePasswordRoute = route('post', '/me/password', {
  summary: 'Change the password (checks the current one; ends every other session)',
  middleware: [requireUser, limitPasswordChecks],
  request: { body: jsonBody(PasswordChangeSchema) },
  responses: { 204: { description: 'Changed' }, ...errorsOf(400, 401), ...tooManyChecks },
})

const accountDeletionRoute = route('get', '/me/deletion', {
  summary:
    'What deleting my account takes with it: the guild too (then its name must be typed) when I am its last active admin',
  responses: { 200: jsonResponse(AccountDeletionSchema, 'OK'), ...errorsOf(401, 403) },
})

const deleteMeRoute = route('delete', '/me', {
  summary:
    'Delete my account (my current password re-authenticates me: CURRENT_PASSWORD_WRONG otherwise); the last ' +
    'admin deletes the guild and all its data (type the guild name)',
  middleware: [requireUser, limitPasswordChecks],
  request: { body: jsonBody(DeleteAccountSchema) },
  responses: {
    ...tooManyChecks,
    200: {
      ...jsonResponse(DeleteAccountResultSchema, 'Deleted'),
      headers: {
        'Set-Cookie': {
          required: true,
          description: 'Clears the session cookie',
          schema: { type: 'string' as const },
        },
      },
    },
    ...errorsOf(400, 401),
    502: errorResponse(
      "The guild's subscription could not be cancelled at the payment provider: nothing was deleted (BILLING_PROVIDER_ERROR)",
    ),
  },
})

export const meRouter = createRouter()
  .openapi(getMeRoute, async (c) =>
    c.json(await me.getMe(c.get('deps'), { user: c.get('user'), guild: c.get('guild') }), 200),
  )
  .openapi(patchProfileRoute, async (c) =>
    c.json(await me.updateProfile(c.get('deps'), c.get('user')!.id, c.req.valid('json')), 200),
  )
  .openapi(putNotificationsRoute, async (c) =>
    c.json(await me.updateNotifications(c.get('deps'), c.get('user')!.id, c.req.valid('json')), 200),
  )
  .openapi(changePasswordRoute, async (c) => {
    await me.changePassword(
      c.get('deps'),
      { userId: c.get('user')!.id, sessionId: c.get('sessionId')! },
      c.req.valid('json'),
    )
    return c.body(null, 204)
  })
  .openapi(accountDeletionRoute, async (c) =>
    c.json(await me.accountDeletion(c.get('deps'), { user: c.get('user'), guild: c.get('guild') }), 200),
  )
  .openapi(deleteMeRoute, async (c) => {
    const result = await me.deleteAccount(
      c.get('deps'),
      { user: c.get('user'), guild: c.get('guild') },
      c.req.valid('json'),
    )
    // The session row is gone with the user; the cookie would only point at nothing.
    deleteCookie(c, 'lq.session_token', { path: '/' })
    deleteCookie(c, '__Secure-lq.session_token', { path: '/', secure: true })
    return c.json(result, 200)
  })
