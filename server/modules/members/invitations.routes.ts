import { createRoute } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  InviteInputSchema,
  InviteLookupSchema,
  InviteResultSchema,
  InviteTokenParamSchema,
} from '../../../contract/members'
import { actorOf, adminChain, requirePro } from '../../auth/guards'
import { createRouter, json, jsonResponse } from '../../lib/router'
import { limitPerClient } from '../accounts/signup-rate-limit'
import { cancelInvitation, lookupInvitation, sendInvitation } from './invitations.service'

// Admins (Pro) send and cancel invitations; anyone holding a link may look it up.
const proAdmin = [...adminChain, requirePro]
const tags = ['members']
const proErrors = { ...errorResponses, 402: { description: 'Needs an active subscription or a live trial' } }

/** A person opens a link a few times; more than this from one address is someone trying tokens. */
export const INVITE_LOOKUPS_PER_MINUTE = 30

const sendRoute = createRoute({
  method: 'post',
  path: '/invitations',
  tags,
  summary:
    'Invites an e-mail (no account yet) to the guild: replaces its pending invitation, needs a free slot, ' +
    "e-mails the link in the inviter's language after the commit (emailSent false if that failed)",
  middleware: proAdmin,
  request: { body: { required: true, content: json(InviteInputSchema) } },
  responses: { 201: jsonResponse(InviteResultSchema, 'The invitation'), ...proErrors },
})

const cancelRoute = createRoute({
  method: 'delete',
  path: '/invitations/{id}',
  tags,
  summary: 'Cancels a pending invitation, freeing its slot',
  middleware: proAdmin,
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Cancelled' }, ...proErrors },
})

const lookupRoute = createRoute({
  method: 'get',
  path: '/invitations/lookup/{token}',
  tags,
  summary: 'Anonymous: what the sign-up form prefills for an invitation link, or why the link is unusable',
  request: { params: InviteTokenParamSchema },
  responses: {
    200: jsonResponse(InviteLookupSchema, 'A usable invitation'),
    400: errorResponses[400],
    404: { description: 'INVITE_INVALID', content: errorResponses[404].content },
    409: {
      description: 'INVITE_USED, INVITE_REPLACED or INVITE_UNAVAILABLE',
      content: errorResponses[409].content,
    },
    410: { description: 'INVITE_EXPIRED', content: errorResponses[409].content },
    429: { description: 'Too many lookups from this client', content: errorResponses[409].content },
  },
})

export const invitationsRouter = createRouter()
  .openapi(sendRoute, async (c) => {
    const inviter = { ...actorOf(c), name: c.var.profile!.displayName, language: c.var.lang }
    return c.json(await sendInvitation(c.var.deps, inviter, c.req.valid('json')), 201)
  })
  .openapi(cancelRoute, async (c) => {
    await cancelInvitation(c.var.deps, actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(lookupRoute, async (c) => {
    await limitPerClient(c, 'invite-lookup', { window: 60, max: INVITE_LOOKUPS_PER_MINUTE })
    return c.json(await lookupInvitation(c.var.deps, c.req.valid('param').token), 200)
  })
