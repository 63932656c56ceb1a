import { createRoute } from '@hono/zod-openapi'
import { deleteCookie } from 'hono/cookie'
import {
  DeleteAccountResultSchema,
  DeleteAccountSchema,
  MeSchema,
  NotificationsSchema,
  PasswordChangeSchema,
  ProfilePatchSchema,
} from '../../../contract/accounts'
import { errorResponses } from '../../../contract/common'
import { requireUser } from '../../auth/guards'
import { createRouter, json } from '../../lib/router'
import * as me from './me.service'

const ProfileSchema = MeSchema.shape.profile.unwrap()

const getMeRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['me'],
  summary: 'The signed-in user, profile, guild and derived subscription state (what the shell reads)',
  middleware: [requireUser] as const,
  responses: {
    200: { description: 'OK', content: json(MeSchema) },
    401: errorResponses[401],
    403: errorResponses[403],
  },
})

const patchProfileRoute = createRoute({
  method: 'patch',
  path: '/me/profile',
  tags: ['me'],
  summary: 'Edit display name, game character name and language',
  middleware: [requireUser] as const,
  request: { body: { required: true, content: json(ProfilePatchSchema) } },
  responses: {
    200: { description: 'Saved', content: json(ProfileSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
})

const putNotificationsRoute = createRoute({
  method: 'put',
  path: '/me/notifications',
  tags: ['me'],
  summary: 'Save the three notification switches',
  middleware: [requireUser] as const,
  request: { body: { required: true, content: json(NotificationsSchema) } },
  responses: {
    200: { description: 'Saved', content: json(NotificationsSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
})

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/me/password',
  tags: ['me'],
  summary: 'Change the password (checks the current one; ends every other session)',
  middleware: [requireUser] as const,
  request: { body: { required: true, content: json(PasswordChangeSchema) } },
  responses: {
    204: { description: 'Changed' },
    400: errorResponses[400],
    401: errorResponses[401],
  },
})

const deleteMeRoute = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['me'],
  summary: 'Delete my account; the last admin deletes the guild and all its data (type the guild name)',
  middleware: [requireUser] as const,
  request: { body: { required: false, content: json(DeleteAccountSchema) } },
  responses: {
    200: { description: 'Deleted', content: json(DeleteAccountResultSchema) },
    400: errorResponses[400],
    401: errorResponses[401],
  },
})

export const meRouter = createRouter()
  .openapi(getMeRoute, async (c) => c.json(await me.getMe(c.var.deps, c.var), 200))
  .openapi(patchProfileRoute, async (c) =>
    c.json(await me.updateProfile(c.var.deps, c.var.user!.id, c.req.valid('json')), 200),
  )
  .openapi(putNotificationsRoute, async (c) =>
    c.json(await me.updateNotifications(c.var.deps, c.var.user!.id, c.req.valid('json')), 200),
  )
  .openapi(changePasswordRoute, async (c) => {
    await me.changePassword(
      c.var.deps,
      { userId: c.var.user!.id, sessionId: c.var.sessionId! },
      c.req.valid('json'),
    )
    return c.body(null, 204)
  })
  .openapi(deleteMeRoute, async (c) => {
    const body = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : {}
    const result = await me.deleteAccount(c.var.deps, c.var, body?.confirmGuildName)
    // The session row is gone with the user; the cookie would only point at nothing.
    deleteCookie(c, 'lq.session_token', { path: '/' })
    deleteCookie(c, '__Secure-lq.session_token', { path: '/', secure: true })
    return c.json(result, 200)
  })
