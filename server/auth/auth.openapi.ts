import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import { errorResponse, orNull } from '../../contract/common'
import { declareRoutes, jsonBody, jsonResponse, SESSION_SCHEME } from '../lib/router'
import { MIN_PASSWORD_LENGTH } from './auth'

// better-auth's routes that the web app calls (web/features/auth/api, web/lib/session.ts), as they behave
// with the options of auth.ts: better-auth serves them (auth-handler.ts serves these and no other of its
// routes), these declarations describe them in the OpenAPI document, and the tests' answers are checked
// against them like every other route's (server/test/openapi-conformance.ts). Their refusals are the API's
// own { error: { code, message } }, better-auth's codes mapped to stable ones (auth-answers.ts).

/** A page of the app to go to next: a path, or a URL of an allowed origin (else 403 ORIGIN_NOT_ALLOWED). */
const appAddress = (description: string) =>
  z.string().meta({ description, examples: ['/auth?verified=1', '/auth?mode=reset'] })

const AuthUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' })

const SignInInputSchema = z
  .object({
    email: z.email(),
    password: z.string(),
    callbackURL: appAddress('Where the confirmation link sent to an unconfirmed address leads').optional(),
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: 'SignInInput' })

const SessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullable().optional(),
      userAgent: z.string().nullable().optional(),
    }),
    user: AuthUserSchema,
  })
  .meta({ id: 'Session' })

/** The session cookie a sign-in sets, or a sign-out and a session refresh rewrite. */
const sessionCookie = (required: boolean) => ({
  'Set-Cookie': {
    required,
    description: 'lq.session_token (httpOnly, SameSite=Lax)',
    schema: { type: 'string' as const },
  },
})
const location = { Location: { required: true, schema: { type: 'string' as const } } }
/** better-auth's limiter (100 requests a minute per client, 10 sign-ins, 5 reset requests): its own header. */
const tooMany = {
  429: {
    ...errorResponse('Too many requests from this client (RATE_LIMITED)'),
    headers: {
      'X-Retry-After': {
        required: true,
        description: 'Seconds to wait',
        schema: { type: 'string' as const },
      },
    },
  },
}

const route = declareRoutes({ tags: ['auth'], responses: tooMany })

const signInRoute = route('post', '/auth/sign-in/email', {
  summary: 'Sign in with e-mail and password; sets the session cookie',
  request: { body: jsonBody(SignInInputSchema) },
  responses: {
    200: {
      ...jsonResponse(
        z.object({
          redirect: z.boolean(),
          url: z.string().nullable().optional(),
          user: AuthUserSchema,
        }),
        'Signed in',
      ),
      headers: { ...sessionCookie(true), Location: { required: false, schema: { type: 'string' as const } } },
    },
    400: errorResponse('Invalid input (VALIDATION_FAILED, INVALID_JSON)'),
    401: errorResponse('Wrong e-mail or password (INVALID_CREDENTIALS)'),
    403: errorResponse(
      'E-mail not confirmed yet (EMAIL_NOT_VERIFIED: a new confirmation link is e-mailed), member ' +
        'deactivated (ACCOUNT_DEACTIVATED), a callbackURL of another origin, or a cookie without an Origin ' +
        '(ORIGIN_NOT_ALLOWED)',
    ),
  },
})

const signOutRoute = route('post', '/auth/sign-out', {
  summary: 'Sign out: ends this session on the server and clears the cookie (signed out already: the same)',
  security: [{}, { [SESSION_SCHEME]: [] }],
  request: { body: jsonBody(z.object({}), { required: false }) },
  responses: {
    200: { ...jsonResponse(z.object({ success: z.boolean() }), 'Signed out'), headers: sessionCookie(true) },
    403: errorResponse('A cookie without an Origin (ORIGIN_NOT_ALLOWED)'),
  },
})

const sessionRoute = route('get', '/auth/get-session', {
  summary: 'The session of the cookie, or null when signed out (never 401)',
  security: [{}, { [SESSION_SCHEME]: [] }],
  responses: {
    200: { ...jsonResponse(orNull(SessionSchema), 'The session, or null'), headers: sessionCookie(false) },
  },
})

const verifyEmailRoute = route('get', '/auth/verify-email', {
  summary: 'The e-mailed confirmation link: confirms the address, then redirects to callbackURL',
  request: {
    query: z.object({
      token: z.string(),
      callbackURL: appAddress('Where to go next; an error adds error=…').optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.boolean() }), 'Confirmed (no callbackURL)'),
    302: {
      description: 'To callbackURL; with error=INVALID_TOKEN or TOKEN_EXPIRED when the link is not valid',
      headers: location,
    },
    400: errorResponse('Invalid input'),
    401: errorResponse('Invalid or expired link, no callbackURL (VERIFY_LINK_INVALID)'),
    403: errorResponse('A callbackURL of another origin (ORIGIN_NOT_ALLOWED)'),
  },
})

const requestResetRoute = route('post', '/auth/request-password-reset', {
  summary:
    "E-mails a password reset link in the account's language; the same answer whether or not the address " +
    'has an account',
  request: {
    body: jsonBody(
      z
        .object({
          email: z.email(),
          redirectTo: appAddress('Where the link leads, with token=…').optional(),
        })
        .meta({ id: 'PasswordResetRequest' }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.boolean(), message: z.string() }), 'Sent, if the account exists'),
    400: errorResponse('Invalid input (VALIDATION_FAILED, INVALID_JSON)'),
    403: errorResponse('A redirectTo of another origin, or a cookie without an Origin (ORIGIN_NOT_ALLOWED)'),
  },
})

const resetLinkRoute = route('get', '/auth/reset-password/{token}', {
  summary: 'The e-mailed reset link: redirects to callbackURL with token=…, or error=INVALID_TOKEN',
  request: {
    params: z.object({ token: z.string() }),
    query: z.object({ callbackURL: appAddress('Where to go with the token') }),
  },
  responses: {
    302: { description: 'To callbackURL', headers: location },
    400: errorResponse('Invalid input'),
    403: errorResponse('A callbackURL of another origin (ORIGIN_NOT_ALLOWED)'),
  },
})

const resetRoute = route('post', '/auth/reset-password', {
  summary: `Sets a new password (${MIN_PASSWORD_LENGTH}–128 characters) with the link's token; ends every session`,
  request: {
    body: jsonBody(z.object({ token: z.string(), newPassword: z.string() }).meta({ id: 'PasswordReset' })),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.boolean() }), 'Changed'),
    400: errorResponse(
      'Invalid, used or expired token (RESET_LINK_INVALID), a password too short (WEAK_PASSWORD), of spaces ' +
        'only (BLANK_PASSWORD) or too long, or a control character (VALIDATION_FAILED)',
    ),
    403: errorResponse('A cookie without an Origin (ORIGIN_NOT_ALLOWED)'),
  },
})

/** better-auth's routes the product uses: the only ones served (auth-handler.ts) and documented. */
export const AUTH_ROUTES = [
  signInRoute,
  signOutRoute,
  sessionRoute,
  verifyEmailRoute,
  requestResetRoute,
  resetLinkRoute,
  resetRoute,
]

/** Adds better-auth's routes to the registry the OpenAPI document is made from. */
export function documentAuthRoutes(registry: OpenAPIHono['openAPIRegistry']) {
  for (const declared of AUTH_ROUTES) registry.registerPath(declared)
}
