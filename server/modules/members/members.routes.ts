import { errorResponses, IdParamSchema, proErrorResponses } from '../../../contract/common'
import { MemberPatchSchema, MemberSchema, MembersPageSchema } from '../../../contract/members'
import { actorOf, adminChain, proAdminChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { invitationsRouter } from './invitations.routes'
import { getMembersPage, removeMember, setMemberActive, updateMember } from './members.service'

// The users page: admins of a guild with an active subscription or live trial
// (docs/product-rules.md, "Subscription").
const route = declareRoutes({ tags: ['members'], middleware: proAdminChain, responses: proErrorResponses })
/**
 * Seeing who has access and cutting it are safety actions, not Pro features: an unpaid guild's admin still
 * lists, deactivates and removes members (docs/product-rules.md, "Members and invitations"). What gives
 * access or power (reactivating, editing a role) stays Pro.
 */
const safetyRoute = declareRoutes({
  tags: ['members'],
  middleware: [...adminChain],
  responses: errorResponses,
})

const pageRoute = safetyRoute('get', '/members', {
  summary:
    'Members (newest first), pending and accepted invitations (newest first) and invitation slots; with or ' +
    'without Pro',
  responses: { 200: jsonResponse(MembersPageSchema, 'The users page') },
})

const patchRoute = route('patch', '/members/{id}', {
  summary:
    'Display name and role; not your own role (CANNOT_CHANGE_SELF), not the last active admin (LAST_ADMIN)',
  request: { params: IdParamSchema, body: jsonBody(MemberPatchSchema) },
  responses: { 200: jsonResponse(MemberSchema, 'The member') },
})

const activateRoute = route('post', '/members/{id}/activate', {
  summary: 'Lets a deactivated member sign in again (Pro: it gives access back)',
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(MemberSchema, 'The member') },
})
const deactivateRoute = safetyRoute('post', '/members/{id}/deactivate', {
  summary:
    'Refuses the member from now on and ends every session of theirs (not yourself, not the last active ' +
    'admin); with or without Pro',
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(MemberSchema, 'The member') },
})

const removeRoute = safetyRoute('delete', '/members/{id}', {
  summary:
    "Deletes the member's account and profile; history rows stay; their invitation's slot is freed " +
    '(not yourself, not the last active admin); with or without Pro',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Removed' } },
})

export const membersRouter = createRouter()
  .openapi(pageRoute, async (c) => c.json(await getMembersPage(c.get('deps'), actorOf(c)), 200))
  .openapi(patchRoute, async (c) =>
    c.json(await updateMember(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(activateRoute, async (c) =>
    c.json(await setMemberActive(c.get('deps'), actorOf(c), c.req.valid('param').id, true), 200),
  )
  .openapi(deactivateRoute, async (c) =>
    c.json(await setMemberActive(c.get('deps'), actorOf(c), c.req.valid('param').id, false), 200),
  )
  .openapi(removeRoute, async (c) => {
    await removeMember(c.get('deps'), actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .route('/', invitationsRouter)
