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

/** `fields` with every secret-looking key's value replaced; the same object when it has none. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  if (!Object.keys(fields).some(isSecret)) return fields
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) out[key] = isSecret(key) ? '[redacted]' : value
  return out
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
  process[stream].write(line)
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
