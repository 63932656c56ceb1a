import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import { ErrorResponseSchema, orNull } from '../../contract/common'
import { declareRoutes, json, jsonBody, jsonResponse, SESSION_SCHEME } from '../lib/router'
import { MIN_PASSWORD_LENGTH } from './auth'

// better-auth's routes that the web app calls (web/features/auth/api, web/lib/session.ts), as they behave
// with the options of auth.ts: better-auth serves them (server/app.ts), these declarations only describe
// them in the OpenAPI document, and the tests' answers are checked against them like every other route's
// (server/test/openapi-conformance.ts). Its errors are `{ code, message }` (English), except the Origin
// check's and the content type's, which are the API's own (server/lib/origin-check.ts).

const AuthErrorSchema = z
  .object({ code: z.string().optional(), message: z.string() })
  .meta({ id: 'AuthError', description: "better-auth's error: a code such as INVALID_EMAIL_OR_PASSWORD" })

const authError = (description: string) => ({ description, content: json(AuthErrorSchema) })
/** A 403 is better-auth's (EMAIL_NOT_VERIFIED, ACCOUNT_DEACTIVATED, MISSING_OR_NULL_ORIGIN) or the API's own. */
const authForbidden = (description: string) => ({
  description,
  content: json(z.union([AuthErrorSchema, ErrorResponseSchema])),
})

/** A page of the app to go to next: a path, or a URL of an allowed origin (else 403 INVALID_CALLBACKURL). */
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
      token: z.string(),
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
    ...authError('Too many requests from this client'),
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
          token: z.string(),
          url: z.string().nullable().optional(),
          user: AuthUserSchema,
        }),
        'Signed in',
      ),
      headers: { ...sessionCookie(true), Location: { required: false, schema: { type: 'string' as const } } },
    },
    400: authError('Invalid input (VALIDATION_ERROR)'),
    401: authError('Wrong e-mail or password (INVALID_EMAIL_OR_PASSWORD)'),
    403: authForbidden(
      'E-mail not confirmed yet (EMAIL_NOT_VERIFIED: a new confirmation link is e-mailed), member ' +
        'deactivated (ACCOUNT_DEACTIVATED), a callbackURL of another origin (INVALID_CALLBACKURL), or a ' +
        'cookie without an Origin (MISSING_OR_NULL_ORIGIN)',
    ),
  },
})

const signOutRoute = route('post', '/auth/sign-out', {
  summary: 'Sign out: ends this session on the server and clears the cookie (signed out already: the same)',
  security: [{}, { [SESSION_SCHEME]: [] }],
  request: { body: jsonBody(z.object({}), { required: false }) },
  responses: {
    200: { ...jsonResponse(z.object({ success: z.boolean() }), 'Signed out'), headers: sessionCookie(true) },
    403: authForbidden('A cookie without an Origin (MISSING_OR_NULL_ORIGIN)'),
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
    400: authError('Invalid input'),
    401: authError('Invalid or expired link, no callbackURL (INVALID_TOKEN, TOKEN_EXPIRED)'),
    403: authError('A callbackURL of another origin (INVALID_CALLBACKURL)'),
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
    400: authError('Invalid input (VALIDATION_ERROR)'),
    403: authForbidden(
      'A redirectTo of another origin (INVALID_REDIRECTURL), or a cookie without an Origin (MISSING_OR_NULL_ORIGIN)',
    ),
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
    400: authError('Invalid input'),
    403: authError('A callbackURL of another origin (INVALID_CALLBACKURL)'),
  },
})

const resetRoute = route('post', '/auth/reset-password', {
  summary: `Sets a new password (${MIN_PASSWORD_LENGTH}–128 characters) with the link's token; ends every session`,
  request: {
    body: jsonBody(z.object({ token: z.string(), newPassword: z.string() }).meta({ id: 'PasswordReset' })),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.boolean() }), 'Changed'),
    400: authError('Invalid, used or expired token (INVALID_TOKEN), or a password too short or long'),
    403: authForbidden('A cookie without an Origin (MISSING_OR_NULL_ORIGIN)'),
  },
})

/** Adds better-auth's routes to the registry the OpenAPI document is made from. */
export function documentAuthRoutes(registry: OpenAPIHono['openAPIRegistry']) {
  for (const declared of [
    signInRoute,
    signOutRoute,
    sessionRoute,
    verifyEmailRoute,
    requestResetRoute,
    resetLinkRoute,
    resetRoute,
  ]) {
    registry.registerPath(declared)
  }
}
