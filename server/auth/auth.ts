import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError } from 'better-auth/api'
import { DEFAULT_LANGUAGE, type Language } from '../../contract/enums'
import { linkInLanguage } from '../../contract/language-link'
import type { RecordedSessionEnd } from '../../contract/session-end'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import type { Env } from '../env'
import { isLanguage } from '../lib/i18n'
import type { Logger } from '../lib/logger'
import { allowedOrigins } from '../lib/origin-check'
import type { Mailer } from '../platform/mail/mailer'
import type { RateLimiter } from '../platform/rate-limit/rate-limiter'
import { renderMail } from '../platform/mail/templates'
import { withStoresOffBetweenCalls } from './auth-calls'
import { authErrorHandler, authLogger } from './auth-logger'
import { dropResetLinks, findProfileWithGuild } from './context.queries'
import { recordSessionEnds } from './session-endings.queries'

export const AUTH_BASE_PATH = '/api/v1/auth'
export const MIN_PASSWORD_LENGTH = 8
/** Set by server/app.ts from the socket address before better-auth sees a request. */
export const CLIENT_IP_HEADER = 'x-lq-client-ip'
/** Set by server/app.ts: the origin the request was addressed to (scheme + Host, or a trusted proxy's). */
export const REQUEST_ORIGIN_HEADER = 'x-lq-request-origin'

export type AuthOptions = {
  db: Db
  env: Pick<Env, 'APP_URL' | 'AUTH_SECRET' | 'NODE_ENV' | 'TRUSTED_ORIGINS'>
  mailer: Mailer
  rateLimiter: RateLimiter
  /** Where better-auth's own log lines go (server/auth/auth-logger.ts), never its console. */
  logger: Logger
  /** Off in tests that do not exercise confirmation, so factories can sign in at once. */
  requireEmailVerification?: boolean
}

async function languageOf(db: Db, userId: string) {
  const language = (await findProfileWithGuild(db, userId))?.profile.language
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

/**
 * A link better-auth wrote for an e-mail, leading to its page (`callbackURL`, where the link redirects) in the
 * e-mail's language (contract/language-link.ts). Without a callbackURL the link answers JSON, not a page.
 */
function leadingInLanguage(url: string, language: Language): string {
  const link = new URL(url)
  const page = link.searchParams.get('callbackURL')
  if (!page || language === DEFAULT_LANGUAGE) return url
  link.searchParams.set('callbackURL', linkInLanguage(page, language))
  return link.href
}

export function createAuth(options: AuthOptions) {
  return withStoresOffBetweenCalls(configuredAuth(options))
}

function configuredAuth({
  db,
  env,
  mailer,
  rateLimiter,
  logger,
  requireEmailVerification = true,
}: AuthOptions) {
  return betterAuth({
    appName: 'LootQueue',
    logger: authLogger(logger),
    onAPIError: authErrorHandler(logger),
    baseURL: env.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    // The same origins as server/lib/origin-check.ts: sign-in works at 127.0.0.1 or a LAN address too.
    trustedOrigins: (request) => allowedOrigins(env, request?.headers.get(REQUEST_ORIGIN_HEADER)),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      // Sign-up is ours (server/modules/accounts): it creates the user, guild and profile in one transaction.
      disableSignUp: true,
      requireEmailVerification,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      onPasswordReset: ({ user }) => dropResetLinks(db, user.id),
      sendResetPassword: async ({ user, url }) => {
        const language = await languageOf(db, user.id)
        await mailer.send(
          renderMail('reset', {
            to: user.email,
            language,
            name: user.name,
            url: leadingInLanguage(url, language),
          }),
        )
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        const language = await languageOf(db, user.id)
        await mailer.send(
          renderMail('verify', {
            to: user.email,
            language,
            name: user.name,
            url: leadingInLanguage(url, language),
          }),
        )
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      customStorage: rateLimiter,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: 'lq',
      useSecureCookies: env.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin check when NODE_ENV is test; tests run the one production runs.
      disableOriginCheck: false,
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated member never gets a new session.
          before: async (session) => {
            const profile = (await findProfileWithGuild(db, session.userId))?.profile
            if (profile && !profile.isActive) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: 'ACCOUNT_DEACTIVATED' })
            }
          },
        },
        delete: {
          // Ended through better-auth's own routes: the browser left holding the cookie (another tab of the
          // one that signed out, a device whose password was reset) is told why (contract/session-end.ts).
          // Expired sessions it sweeps on other paths are not written down: they read as expired anyway.
          before: async (ended, context) => {
            const reason = BETTER_AUTH_SESSION_ENDS[context?.path ?? '']
            if (reason) await recordSessionEnds(db, { token: ended.token }, reason, new Date())
          },
        },
      },
    },
  })
}

/** Why a session better-auth deletes ends, by the route that deletes it. */
const BETTER_AUTH_SESSION_ENDS: Record<string, RecordedSessionEnd | undefined> = {
  '/sign-out': 'signed-out',
  '/reset-password': 'password-changed',
}

export type Auth = ReturnType<typeof createAuth>
