// Structured logs: one JSON line per event in production, a readable line in development.
// Never pass secrets here; `redact` strips the usual suspects from objects anyway.
type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent'
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }
const SECRET_KEYS = /pass(word)?|cookie|token|secret|authorization/i

export type Logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => void
  info: (msg: string, fields?: Record<string, unknown>) => void
  warn: (msg: string, fields?: Record<string, unknown>) => void
  error: (msg: string, fields?: Record<string, unknown>) => void
}

// Field names repeat (a request line has the same five every time): each is tested once.
const secretKeys = new Map<string, boolean>()
function isSecret(key: string): boolean {
  let secret = secretKeys.get(key)
  if (secret === undefined) {
    secret = SECRET_KEYS.test(key)
    if (secretKeys.size < 1000) secretKeys.set(key, secret)
  }
  return secret
}

/**
 * Addresses whose path holds a secret: a password reset link's token (server/auth/auth.openapi.ts), the
 * calendar feed's (server/modules/raid-nights/calendar.routes.ts), an invitation's
 * (server/modules/members/invitations.routes.ts). Whoever reads the log must not be able to use them.
 */
const SECRET_SEGMENT = /^(\/api\/v1\/(?:auth\/reset-password|calendar|invitations\/lookup)\/)[^/?#]+/
/** Query parameters that hold one: verify-email's and the unsubscribe link's `token`, the sign-up page's `invite`. */
const SECRET_PARAM = /^(?:token|invite)$/i

/** A logged address with its secret segment and secret query values replaced by [redacted]. */
export function redactPath(path: string): string {
  const redacted = path.replace(SECRET_SEGMENT, '$1[redacted]')
  const query = redacted.indexOf('?')
  if (query < 0) return redacted
  const params = redacted
    .slice(query + 1)
    .split('&')
    .map((param) => {
      const name = param.split('=')[0]!
      return SECRET_PARAM.test(name) || isSecret(name) ? `${name}=[redacted]` : param
    })
  return `${redacted.slice(0, query)}?${params.join('&')}`
}

/** Fields that hold an address: the request line's, and those of warnings about a request. */
const PATH_KEYS = new Set(['path', 'url'])

/** `fields` with every secret-looking key's value and every address's secret replaced; the same object when it has none. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined
  for (const key in fields) {
    const value = fields[key]
    const safe = isSecret(key)
      ? '[redacted]'
      : PATH_KEYS.has(key) && typeof value === 'string'
        ? redactPath(value)
        : value
    if (safe === value) continue
    out ??= { ...fields }
    out[key] = safe
  }
  return out ?? fields
}

// Many lines share a millisecond under load: its ISO string is made once.
let isoMs = Number.NaN
let isoText = ''
function isoNow(): string {
  const ms = Date.now()
  if (ms !== isoMs) {
    isoMs = ms
    isoText = new Date(ms).toISOString()
  }
  return isoText
}

type Stream = 'stdout' | 'stderr'
const toProcess = (stream: Stream, line: string) => {
  // Whatever read the output went away (server/main.ts stops on it): the stop's own lines go nowhere.
  if (process[stream].writable) process[stream].write(line)
}

/** `write`: where each line goes (the benches drop it); the process's stdout, stderr for warnings and errors. */
export function createLogger(options: {
  level: Level
  json: boolean
  write?: (stream: Stream, line: string) => void
}): Logger {
  const { write = toProcess } = options
  const logAt =
    (level: Exclude<Level, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < ORDER[options.level]) return
      const safe = redact(fields)
      const stream = level === 'error' || level === 'warn' ? 'stderr' : 'stdout'
      if (options.json) {
        write(stream, `${JSON.stringify({ time: isoNow(), level, msg, ...safe })}\n`)
      } else {
        const extra = Object.entries(safe)
          .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join(' ')
        write(stream, `${level.toUpperCase().padEnd(5)} ${msg}${extra ? ` ${extra}` : ''}\n`)
      }
    }
  return { debug: logAt('debug'), info: logAt('info'), warn: logAt('warn'), error: logAt('error') }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
