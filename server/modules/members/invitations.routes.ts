import { errorResponse, errorResponses, IdParamSchema, proErrorResponses } from '../../../contract/common'
import {
  InviteInputSchema,
  InviteLookupSchema,
  InviteResultSchema,
  InviteTokenParamSchema,
} from '../../../contract/members'
import { actorOf, adminChain, proAdminChain } from '../../auth/guards'
import { refuseOverClientLimit } from '../../lib/rate-limit'
import { createRouter, declareRoutes, jsonBody, jsonResponse, retryAfterHeader } from '../../lib/router'
import { cancelInvitation, lookupInvitation, sendInvitation } from './invitations.service'

// Admins (Pro) send invitations; admins cancel them with or without Pro (withdrawing access is a safety
// action, docs/product-rules.md, "Members and invitations"); anyone holding a link may look it up.
const route = declareRoutes({ tags: ['members'] })

/** A person opens a link a few times; more than this from one address is someone trying tokens. */
export const INVITE_LOOKUPS_PER_MINUTE = 30

/** Why an invitation link is unusable (looking it up or signing up with it), and the per-client limit. */
export const inviteLinkErrors = {
  400: errorResponses[400],
  404: errorResponse('INVITE_INVALID'),
  409: errorResponse('INVITE_USED, INVITE_REPLACED or INVITE_UNAVAILABLE'),
  410: errorResponse('INVITE_EXPIRED'),
}

const sendRoute = route('post', '/invitations', {
  summary:
    'Invites an e-mail (no account yet) to the guild: replaces its pending invitation, needs a free slot, ' +
    "e-mails the link in the inviter's language after the commit (emailSent false if that failed)",
  middleware: proAdminChain,
  request: { body: jsonBody(InviteInputSchema) },
  responses: { 201: jsonResponse(InviteResultSchema, 'The invitation'), ...proErrorResponses },
})

const cancelRoute = route('delete', '/invitations/{id}', {
  summary: 'Cancels a pending invitation, freeing its slot; with or without Pro',
  middleware: [...adminChain],
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Cancelled' }, ...errorResponses },
})

const lookupRoute = route('get', '/invitations/lookup/{token}', {
  summary: 'Anonymous: what the sign-up form prefills for an invitation link, or why the link is unusable',
  request: { params: InviteTokenParamSchema },
  responses: {
    200: jsonResponse(InviteLookupSchema, 'A usable invitation'),
    ...inviteLinkErrors,
    429: { ...errorResponse('Too many lookups from this client'), headers: retryAfterHeader },
  },
})

export const invitationsRouter = createRouter()
  .openapi(sendRoute, async (c) => {
    const inviter = { ...actorOf(c), name: c.get('profile')!.displayName, language: c.get('lang') }
    return c.json(await sendInvitation(c.get('deps'), inviter, c.req.valid('json')), 201)
  })
  .openapi(cancelRoute, async (c) => {
    await cancelInvitation(c.get('deps'), actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(lookupRoute, async (c) => {
    await refuseOverClientLimit(c, 'invite-lookup', { window: 60, max: INVITE_LOOKUPS_PER_MINUTE })
    return c.json(await lookupInvitation(c.get('deps'), c.req.valid('param').token), 200)
  })
