import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Database, openPostgres } from '../../db/client'
import { buildGuild, buildMember } from '../../test/factories'
import { ENGINE, type TestContext } from '../../test/harness'
import { limitMs, medianMs } from '../../test/timing'
import { readSse } from './sse-test-reader'

// Two real server processes on one PostgreSQL: a change written through process 1 reaches streams that
// browsers opened on process 2 (LISTEN/NOTIFY), the way a load-balanced deployment runs.

const AUTH_SECRET = 'two-process-secret-two-process-secret-00'
const PASSWORD = 'two-process-public-pass'

type Proc = { url: string; child: ChildProcess; log: () => string }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

async function startProcess(databaseUrl: string): Promise<Proc> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child, log: () => log }
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${log}`)
}

async function stopProcess(proc: Proc | undefined) {
  if (!proc || proc.child.exitCode !== null) return
  const exited = new Promise((r) => proc.child.once('exit', r))
  proc.child.kill('SIGTERM')
  await exited
}

describe.skipIf(ENGINE !== 'postgres')('realtime across two server processes (PostgreSQL)', () => {
  let database: Database
  let one: Proc
  let two: Proc
  let dbName: string
  let adminUrl: string

  beforeAll(async () => {
    adminUrl = inject('postgresBaseUrl')
    dbName = `lq_procs_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE lq_template`)
    await admin.end()
    const u = new URL(adminUrl)
    u.pathname = `/${dbName}`
    database = await openPostgres(u.toString(), { max: 3 })
    ;[one, two] = await Promise.all([startProcess(u.toString()), startProcess(u.toString())])
  })

  afterAll(async () => {
    await Promise.all([stopProcess(one), stopProcess(two)])
    await database?.close()
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      await admin.end()
    }
  })

  it('delivers a change made through process 1 to streams opened on process 2 within a second', async () => {
    // The factories only need the database, the secret and a clock.
    const factoryCtx = {
      database,
      deps: { env: { AUTH_SECRET }, now: () => new Date() },
    } as unknown as TestContext
    const { guild } = await buildGuild(factoryCtx, { publicAccessPassword: PASSWORD })
    const admin = await buildMember(factoryCtx, { guildId: guild.id, role: 'guild_admin' })

    const access = await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(access.status).toBe(200)
    const publicCookie = access.headers.get('set-cookie')!.split(';')[0]!
    const publicStream = readSse(
      await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/events`, {
        headers: { cookie: publicCookie },
      }),
    )
    const memberStream = readSse(
      await fetch(`${two.url}/api/v1/events`, { headers: { cookie: admin.cookie } }),
    )
    try {
      await Promise.all([publicStream.waitFor('ready'), memberStream.waitFor('ready')])

      // Warm both processes' code paths so the number below is the realtime path, not first-call compilation.
      expect((await fetch(`${one.url}/api/v1/guild`, { headers: { cookie: admin.cookie } })).status).toBe(200)
      // How fast the two processes answer a trivial request right now: the limit below scales with it.
      const baseline = await medianMs(() =>
        Promise.all([fetch(`${one.url}/api/v1/health`), fetch(`${two.url}/api/v1/health`)]),
      )
      const started = performance.now()
      const rename = await fetch(`${one.url}/api/v1/guild`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Renamed Across Processes' }),
      })
      expect(rename.status).toBe(200)
      const [publicChange, memberChange] = await Promise.all([
        publicStream.waitFor('change', { timeoutMs: 10_000 }),
        memberStream.waitFor('change', { timeoutMs: 10_000 }),
      ])
      const latency = performance.now() - started
      expect(JSON.parse(publicChange.data)).toEqual({ topic: 'guild' })
      expect(JSON.parse(memberChange.data)).toEqual({ topic: 'guild' })
      expect(latency).toBeLessThan(limitMs(1000, baseline))
      console.info(
        `[realtime] process 1 write → process 2 streams: ${latency.toFixed(0)} ms (baseline round trip ${baseline.toFixed(1)} ms)`,
      )

      // The public page on process 2 sees the new name at once.
      const view = await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/view`, {
        headers: { cookie: publicCookie },
      })
      expect((await view.json()).guild.name).toBe('Renamed Across Processes')

      // A new password set through process 1 ends the public stream open on process 2.
      const repass = await fetch(`${one.url}/api/v1/guild`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ publicAccessPassword: 'brand-new-password' }),
      })
      expect(repass.status).toBe(200)
      await publicStream.waitFor('revoked')
      await publicStream.waitForEnd()
      await memberStream.waitFor('change', { from: 2 })
      expect(memberStream.ended).toBe(false)
    } finally {
      await Promise.all([publicStream.close(), memberStream.close()])
    }
  })
})
