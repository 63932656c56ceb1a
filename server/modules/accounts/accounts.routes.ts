import { SignupResultSchema, SignupSchema } from '../../../contract/accounts'
import { errorResponse, errorsOf } from '../../../contract/common'
import { InviteSignupResultSchema, InviteSignupSchema } from '../../../contract/members'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { inviteLinkErrors } from '../members/invitations.routes'
import { signUp } from './accounts.service'
import { signUpWithInvite } from './invite-signup.service'
import { limitSignups } from './signup-rate-limit'

const tooManySignups = errorResponse('Too many sign-ups from this client')

const route = declareRoutes({ tags: ['accounts'], responses: { 429: tooManySignups } })

const signupRoute = route('post', '/accounts/signup', {
  summary: 'Create an account, its guild (trialing) and the admin profile; sends the confirmation e-mail',
  request: { body: jsonBody(SignupSchema) },
  responses: { 201: jsonResponse(SignupResultSchema, 'Created'), ...errorsOf(400, 409) },
})

const inviteSignupRoute = route('post', '/accounts/signup-invite', {
  summary:
    'Create an account through an invitation link: a guild_member of the inviting guild, e-mail already ' +
    'verified (no confirmation e-mail); the invitation becomes accepted',
  request: { body: jsonBody(InviteSignupSchema) },
  responses: {
    201: jsonResponse(InviteSignupResultSchema, 'Created; sign in next'),
    ...inviteLinkErrors,
    409: errorResponse('INVITE_USED, INVITE_REPLACED, INVITE_UNAVAILABLE or EMAIL_TAKEN'),
  },
})

export const accountsRouter = createRouter()
  .openapi(signupRoute, async (c) => {
    await limitSignups(c)
    const result = await signUp(c.get('deps'), c.req.valid('json'))
    return c.json(result, 201)
  })
  .openapi(inviteSignupRoute, async (c) => {
    await limitSignups(c)
    return c.json(await signUpWithInvite(c.get('deps'), c.req.valid('json')), 201)
  })
