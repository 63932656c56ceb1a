import { createRoute } from '@hono/zod-openapi'
import { SignupResultSchema, SignupSchema } from '../../../contract/accounts'
import { errorResponses } from '../../../contract/common'
import { InviteSignupResultSchema, InviteSignupSchema } from '../../../contract/members'
import { createRouter, json } from '../../lib/router'
import { signUp } from './accounts.service'
import { signUpWithInvite } from './invite-signup.service'
import { limitSignups } from './signup-rate-limit'

const signupRoute = createRoute({
  method: 'post',
  path: '/accounts/signup',
  tags: ['accounts'],
  summary: 'Create an account, its guild (trialing) and the admin profile; sends the confirmation e-mail',
  request: { body: { required: true, content: json(SignupSchema) } },
  responses: {
    201: { description: 'Created', content: json(SignupResultSchema) },
    400: errorResponses[400],
    409: errorResponses[409],
    429: { description: 'Too many sign-ups from this client', content: errorResponses[409].content },
  },
})

const inviteSignupRoute = createRoute({
  method: 'post',
  path: '/accounts/signup-invite',
  tags: ['accounts'],
  summary:
    'Create an account through an invitation link: a guild_member of the inviting guild, e-mail already ' +
    'verified (no confirmation e-mail); the invitation becomes accepted',
  request: { body: { required: true, content: json(InviteSignupSchema) } },
  responses: {
    201: { description: 'Created; sign in next', content: json(InviteSignupResultSchema) },
    400: errorResponses[400],
    404: { description: 'INVITE_INVALID', content: errorResponses[404].content },
    409: {
      description: 'INVITE_USED, INVITE_REPLACED, INVITE_UNAVAILABLE or EMAIL_TAKEN',
      content: errorResponses[409].content,
    },
    410: { description: 'INVITE_EXPIRED', content: errorResponses[409].content },
    429: { description: 'Too many sign-ups from this client', content: errorResponses[409].content },
  },
})

export const accountsRouter = createRouter()
  .openapi(signupRoute, async (c) => {
    await limitSignups(c)
    const result = await signUp(c.var.deps, c.req.valid('json'))
    return c.json(result, 201)
  })
  .openapi(inviteSignupRoute, async (c) => {
    await limitSignups(c)
    return c.json(await signUpWithInvite(c.var.deps, c.req.valid('json')), 201)
  })
