// A PostgreSQL server that went away (restarting, failing over, unreachable) is not a bug of the request:
// the request is answered 503 with Retry-After and SERVICE_UNAVAILABLE, never 500, and the pool opens new
// connections by itself once the server is back (docs/decisions/017-running-as-a-service.md).

/** Seconds a client is asked to wait before it tries again; a restart takes a few. */
export const RETRY_AFTER_SECONDS = 5

/**
 * PostgreSQL's SQLSTATEs for "the server is not there for you right now": class 08 (connection exception),
 * 57P01–57P03 (terminated by an administrator or a crash, not accepting connections yet), 53300 (too many
 * connections).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/
/** Node's socket errors on a connection to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** What node-postgres and pg-pool say when a connection ends or cannot be had in time (they set no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]

/**
 * Whether `error` (or what it wraps: drizzle wraps the driver's error as `cause`, a connection to several
 * addresses fails with an AggregateError) says the database cannot be reached.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || SOCKET_CODES.has(code))) return true
  if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}
