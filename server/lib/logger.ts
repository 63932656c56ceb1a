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

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : value
  }
  return out
}

export function createLogger(options: { level: Level; json: boolean }): Logger {
  const write =
    (level: Exclude<Level, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[level] < ORDER[options.level]) return
      const safe = redact(fields)
      const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout
      if (options.json) {
        stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...safe })}\n`)
      } else {
        const extra = Object.entries(safe)
          .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join(' ')
        stream.write(`${level.toUpperCase().padEnd(5)} ${msg}${extra ? ` ${extra}` : ''}\n`)
      }
    }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} }
