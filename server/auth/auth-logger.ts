import { isAPIError } from 'better-auth/api'
import type { Logger } from '../lib/logger'
import { isDatabaseUnavailable } from '../platform/database-outage'

// better-auth logs on its own console logger: coloured, several lines, and with the errors it caught printed
// whole. A failed query's error (drizzle's DrizzleQueryError) says the query and its parameters: the session
// token being looked up. Its logging goes through the app's JSON logger instead (docs/operations.md, "Logs"):
// one line, its message's first line without parameters, the error's name and code, never its message.

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error'

/** Runs of letters and digits long enough to be a token, a signature or an id. */
const TOKEN_LIKE = /[A-Za-z0-9_\-+/=%]{24,}/g
const MAX_MESSAGE = 200

/**
 * What better-auth says of a request it refuses for the client's own doing (a callbackURL or an Origin of
 * another site, a cross-site form): the answer is a 403 and the request line has it. Logged as errors, anyone
 * could set off the error alerts with a link; they are warnings.
 */
const CLIENT_REFUSAL =
  /^(Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b|Blocked cross-site navigation)/

/** A message's first line, cut before any query parameters, with token-like runs masked. */
function safeMessage(message: string): string {
  const first = message.split('\n')[0]!.split(/\bparams:/)[0]!
  // A failed query's text names the query; its name is enough.
  const text = first.startsWith('Failed query') ? 'Failed query' : first.trim()
  return text.replace(TOKEN_LIKE, '[redacted]').slice(0, MAX_MESSAGE)
}

/** The error's name, and the first code (SQLSTATE, socket error) down its causes: never its message. */
function errorFields(args: unknown[]): Record<string, string> {
  const error = args.find((arg): arg is Error => arg instanceof Error)
  if (!error) return {}
  let code: string | undefined
  for (let at: unknown = error, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const found = (at as { code?: unknown }).code
    if (typeof found === 'string' || typeof found === 'number') {
      code = String(found)
      break
    }
    at = (at as { cause?: unknown }).cause
  }
  return { error: error.name, ...(code ? { code } : {}) }
}

/**
 * better-auth's `logger` option: its lines go to `logger`, as JSON in production. An error caused by the
 * database being out of reach is not logged here: the request it broke is answered 503 and logged once, as
 * a warning, by the app's error handler (server/lib/error-handler.ts).
 */
export function authLogger(logger: Logger) {
  return {
    level: 'warn' as const,
    disableColors: true,
    log: (level: AuthLogLevel, message: string, ...args: unknown[]) => {
      if (args.some((arg) => isDatabaseUnavailable(arg))) return
      const text = String(message)
      const at = level === 'error' && CLIENT_REFUSAL.test(text) ? 'warn' : level
      logger[at](`better-auth: ${safeMessage(text)}`, errorFields(args))
    },
  }
}

/**
 * better-auth's `onAPIError`. Left to itself, better-auth prints the message of every refusal it answers
 * ("Missing or null Origin" after a sign-out without an Origin) on the console logger of its own module, in
 * colour, whatever its `logger` option says (better-auth/dist/api/index.mjs, `onError`). Here a refusal is
 * the client's and its answer says it (debug at most); better-auth's own failures are errors, through
 * `authLogger` as the rest of its lines.
 */
export function authErrorHandler(logger: Logger) {
  const { log } = authLogger(logger)
  return {
    onError: (error: unknown) => {
      if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') {
        logger.debug(`better-auth: refused: ${safeMessage(error.message)}`, { status: error.status })
        return
      }
      log('error', error instanceof Error ? error.name : 'INTERNAL_SERVER_ERROR', error)
    },
  }
}
