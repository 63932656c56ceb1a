import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { createApp } from '../app'
import type { Deps } from '../deps'
import { type Database, openPglite, openPostgres } from '../db/client'
import { buildDeps } from '../deps'
import { parseEnv } from '../env'
import { type Logger, silentLogger } from '../lib/logger'
import type { Transport } from '../platform/integrations/delivery'
import type { Mailer } from '../platform/mail/mailer'
import { conformingToDocument } from './openapi-conformance'

export type Engine = 'pglite' | 'postgres'
export const ENGINE: Engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'

/**
 * PostgreSQL only: a new database cloned from the migrated template (milliseconds), for a test file or for
 * tests that run several apps or server processes on one database. `drop` ends its connections too.
 */
export async function clonePostgresTemplate(
  prefix = 'lq_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = inject('postgresBaseUrl')
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name} TEMPLATE lq_template`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** A fresh, migrated, isolated database for one test file, on the engine of this test project. */
export async function openTestDatabase(): Promise<Database> {
  if (ENGINE === 'pglite') {
    // The migrated tar of pglite-global-setup.ts; openPglite still checks that no migration is pending.
    const template = await readFile(inject('pgliteTemplatePath'))
    return openPglite(undefined, { loadDataDir: new Blob([template]) })
  }
  return openPostgres((await clonePostgresTemplate()).url, { max: 25 })
}

export type TestContext = {
  app: ReturnType<typeof createApp>
  deps: Deps
  database: Database
  /** Moves the injectable clock; null: back to the real one. */
  setNow: (date: Date | null) => void
  close: () => Promise<void>
}

export const TEST_APP_URL = 'http://localhost:3000'

/**
 * No test may reach another host: integrations send through this fetch, which only reaches this machine,
 * and Discord messages go to `discordBaseUrl` (a local receiver; by default a closed port), never to a
 * discord.com address a test stored.
 */
export function localOnlyTransport(discordBaseUrl = 'http://127.0.0.1:9'): Partial<Transport> {
  return {
    discordBaseUrl,
    // Long enough for a local receiver on a loaded machine (a 60-award recap's delivery timed out at 2 s
    // under a full test run beside browser journeys); the hanging-receiver tests wait longer than this.
    timeoutMs: 5_000,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
        return Promise.reject(new Error(`tests do not reach ${url.hostname}`))
      return globalThis.fetch(input, init)
    },
  }
}

export async function createTestContext(
  options: {
    mailer?: Mailer
    requireEmailVerification?: boolean
    env?: Record<string, string>
    /** Where Discord messages go in this test (a local receiver). */
    discordBaseUrl?: string
    /** What the app logs (silent by default); tests of what reaches the logs pass a capturing one. */
    logger?: Logger
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase()
  let now: Date | null = null
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
    LOG_LEVEL: 'silent',
    ...options.env,
  })
  const deps = buildDeps({
    env,
    database,
    logger: options.logger ?? silentLogger,
    mailer: options.mailer,
    now: () => now ?? new Date(),
    requireEmailVerification: options.requireEmailVerification,
    integrationTransport: localOnlyTransport(options.discordBaseUrl),
  })
  const app = testApp(deps)
  return {
    app,
    deps,
    database,
    setNow: (date) => {
      now = date
    },
    close: async () => {
      await deps.announcer.stop()
      await deps.realtime.stop()
      await database.close()
    },
  }
}

/**
 * The app under test: the real one, each answer checked for its framing (below) and against the OpenAPI
 * document (openapi-conformance.ts). Every test's app is made here.
 */
export function testApp(deps: Deps) {
  return conformingToDocument(checkingFraming(createApp({ deps, webRoot: 'dist/web' })))
}

/**
 * Every answer of the app under test is checked for what a real socket would break on and app.request()
 * does not: a stated Content-Length that is not the body's length (a client waits for bytes that never come,
 * or reads the next answer's).
 */
function checkingFraming<
  T extends { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> },
>(app: T): T {
  const fetch = app.fetch
  app.fetch = (async (request: Request, ...rest: never[]) => {
    const res = await fetch(request, ...rest)
    const stated = res.headers.get('content-length')
    if (stated === null || res.body === null || request.method === 'HEAD') return res
    const body = await res.arrayBuffer()
    if (Number(stated) !== body.byteLength) {
      const { pathname } = new URL(request.url)
      throw new Error(
        `${request.method} ${pathname}: Content-Length ${stated}, body ${body.byteLength} bytes`,
      )
    }
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  }) as T['fetch']
  return app
}

/**
 * A second app on a context's database, with caches of its own (as another process, or this one after a
 * restart), its realtime listener started only when `listening` (as after a first read). `stop()` ends it.
 */
export async function appBeside(ctx: TestContext, { listening = true } = {}) {
  const deps = buildDeps({
    env: ctx.deps.env,
    database: ctx.database,
    logger: silentLogger,
    now: ctx.deps.now,
  })
  if (listening) await deps.realtime.start()
  const app = testApp(deps)
  return { app, deps, stop: () => deps.realtime.stop() }
}

/** An answer's headers but its date, to compare two answers. */
export const headersButDate = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'))

/**
 * The context one test file shares, made while the file loads and closed after its last test:
 * `const ctx = await fileTestContext()` at the top of the file.
 */
export async function fileTestContext(options?: Parameters<typeof createTestContext>[0]) {
  const ctx = await createTestContext(options)
  afterAll(() => ctx.close())
  return ctx
}
