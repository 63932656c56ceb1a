import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../app'
import { createLogger } from '../lib/logger'
import { buildMember } from '../test/factories'
import { fileTestContext } from '../test/harness'

// While the database is down, better-auth's session look-up fails. It used to print on its own console
// logger, in colour over many lines, the failed query with its parameters: the live session token. Its
// logging goes through the app's JSON logger instead, without queries or tokens.

const lines: string[] = []
const logger = createLogger({ level: 'debug', json: true, write: (_stream, line) => void lines.push(line) })
const ctx = await fileTestContext({ logger })

/** The database's driver refuses every query, as a PostgreSQL that went away does. */
function databaseDown(): () => void {
  const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client
  const query = client.query
  client.query = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  }
  return () => {
    client.query = query
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("better-auth's logs", () => {
  it('while the database is down, a signed-in request writes one JSON warning and never the session token', async () => {
    const member = await buildMember(ctx)
    const token = decodeURIComponent(member.cookie.split('=')[1]!).split('.')[0]!
    const printed: unknown[][] = []
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args))
    lines.length = 0
    const up = databaseDown()
    let res: Response
    try {
      // The app itself: the document leaves a 503 out of each route (every route may answer it).
      res = await createApp({ deps: ctx.deps }).request('/api/v1/me', { headers: { cookie: member.cookie } })
    } finally {
      up()
    }
    expect(res.status).toBe(503)
    // Nothing on the console: every line is the app's JSON.
    expect(printed).toEqual([])
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    expect(lines.join('')).not.toContain(token)
    expect(lines.join('')).not.toMatch(/params|select /i)
    const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string })
    expect(logged.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'database unavailable' }),
    ])
  })

  it('passes what better-auth says through the app logger, one JSON line, its error without the query', async () => {
    const printed: unknown[][] = []
    for (const method of ['error', 'warn', 'log'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args))
    lines.length = 0
    const context = await ctx.deps.auth.$context
    const failedQuery = Object.assign(
      new Error(
        'Failed query: select "id" from "session" where "token" = $1\nparams: tOkEnSeCrEt1234567890abcdef',
      ),
      { name: 'DrizzleQueryError', cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) },
    )
    context.logger.error('INTERNAL_SERVER_ERROR', failedQuery)
    context.logger.error(failedQuery.message)
    expect(printed).toEqual([])
    expect(lines).toHaveLength(2)
    const written = lines.join('')
    expect(written).not.toContain('tOkEnSeCrEt')
    expect(written).not.toContain('select')
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'better-auth: INTERNAL_SERVER_ERROR',
      error: 'DrizzleQueryError',
      code: '40P01',
    })
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', msg: 'better-auth: Failed query' })
  })

  it("logs a client's refusals at warn at most, as JSON, never on better-auth's own console logger", async () => {
    const member = await buildMember(ctx)
    const printed: unknown[][] = []
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args))
    lines.length = 0
    // A callbackURL of another site, on the e-mailed confirmation link.
    const link = await ctx.app.request(
      '/api/v1/auth/verify-email?token=x&callbackURL=https%3A%2F%2Fevil.example%2Fx',
    )
    expect(link.status).toBe(403)
    // A signed-in sign-out without an Origin.
    const signOut = await ctx.app.request('/api/v1/auth/sign-out', {
      method: 'POST',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(signOut.status).toBe(403)
    expect(printed).toEqual([])
    const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string })
    expect(logged.filter((l) => l.level === 'error')).toEqual([])
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'better-auth: Invalid callbackURL: https://evil.example/x',
      }),
    )
  })
})
