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
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import * as me from './me.service'

const ProfileSchema = MeSchema.shape.profile.unwrap()

// Any signed-in user, with or without a guild; a deactivated member gets 403 ACCOUNT_DEACTIVATED.
const route = declareRoutes({ tags: ['me'], middleware: [requireUser] })

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
  request: { body: jsonBody(PasswordChangeSchema) },
  responses: { 204: { description: 'Changed' }, ...errorsOf(400, 401) },
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
  request: { body: jsonBody(DeleteAccountSchema) },
  responses: {
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
