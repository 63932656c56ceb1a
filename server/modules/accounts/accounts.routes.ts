import { SignupResultSchema, SignupSchema } from '../../../contract/accounts'
import { errorResponse, errorsOf } from '../../../contract/common'
import { InviteSignupResultSchema, InviteSignupSchema } from '../../../contract/members'
import { createRouter, declareRoutes, jsonBody, jsonResponse, retryAfterHeader } from '../../lib/router'
import { headersForAuth } from '../../auth/auth-handler'
import { inviteLinkErrors } from '../members/invitations.routes'
import { signUp } from './accounts.service'
import { signUpWithInvite } from './invite-signup.service'
import { limitSignups } from './signup-rate-limit'

const tooManySignups = { ...errorResponse('Too many sign-ups from this client'), headers: retryAfterHeader }

const route = declareRoutes({ tags: ['accounts'], responses: { 429: tooManySignups } })

const signupRoute = route('post', '/accounts/signup', {
  summary:
    'Create an account, its guild (trialing) and the admin profile; sends the confirmation e-mail. An address ' +
    'already registered gets the same 201 and nothing is created: its owner is e-mailed that someone tried',
  request: { body: jsonBody(SignupSchema) },
  responses: { 201: jsonResponse(SignupResultSchema, 'Created'), ...errorsOf(400, 409) },
})

const inviteSignupRoute = route('post', '/accounts/signup-invite', {
  summary:
    'Create an account through an invitation link: a guild_member of the inviting guild, e-mail already ' +
    'verified (no confirmation e-mail); the invitation becomes accepted, and the person is signed in',
  request: { body: jsonBody(InviteSignupSchema) },
  responses: {
    201: {
      ...jsonResponse(InviteSignupResultSchema, 'Created and signed in'),
      headers: {
        'Set-Cookie': {
          required: false,
          description: 'lq.session_token (httpOnly, SameSite=Lax): the new account is signed in (`signedIn`)',
          schema: { type: 'string' as const },
        },
      },
    },
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
    const input = c.req.valid('json')
    const result = await signUpWithInvite(c.get('deps'), input)
    // The invitation link proved the address (docs/product-rules.md, "Accounts"): no confirmation to wait for,
    // so the person is signed in straight away, by better-auth's own sign-in (its session, its cookie).
    // The account exists either way: a sign-in that fails now (the database away a moment) is no failure of the
    // sign-up, and the person signs in by hand.
    const cookies = await c
      .get('deps')
      .auth.api.signInEmail({
        body: { email: result.email, password: input.password },
        headers: headersForAuth(c),
        returnHeaders: true,
      })
      .then(({ headers }) => headers.getSetCookie())
      .catch((error: unknown) => {
        c.get('deps').logger.warn('sign-in after an invite sign-up failed', { error: String(error) })
        return []
      })
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true })
    return c.json({ ...result, signedIn: cookies.length > 0 }, 201)
  })
