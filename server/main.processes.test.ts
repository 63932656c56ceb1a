import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, get, type IncomingMessage } from 'node:http'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { type Database, openPglite, openPostgres } from './db/client'
import { readSse } from './modules/live-updates/sse.test-support'
import { buildGuild } from './test/factories'
import { freePort } from './test/free-port'
import { clonePostgresTemplate, ENGINE, type TestContext } from './test/harness'
import { type Proc, startProcess, stopProcess } from './test/server-process'

// A server process asked to stop (SIGTERM, as systemd, a container runtime or a rolling deploy sends) turns
// not-ready first while it still serves, then tells its event streams to reconnect elsewhere and ends them,
// then exits 0 (server/main.ts, docs/decisions/017-running-as-a-service.md). On both engines.

const AUTH_SECRET = 'drain-test-secret-drain-test-secret-0000'
const PASSWORD = 'drain-public-pass'
const GRACE_SECONDS = 2

/** A database for one process, of this test project's engine, and what the factories need to fill it. */
async function processDatabase() {
  if (ENGINE === 'postgres') {
    const clone = await clonePostgresTemplate('lq_drain')
    const database = await openPostgres(clone.url, { max: 2 })
    return { where: clone.url as string | { dataDir: string }, database, release: clone.drop }
  }
  // The embedded database is the process's alone once it runs: filled first, then closed.
  const dataDir = mkdtempSync(join(tmpdir(), 'lq-drain-'))
  const template = await readFile(inject('pgliteTemplatePath'))
  const database = await openPglite(join(dataDir, 'pglite'), { loadDataDir: new Blob([template]) })
  return {
    where: { dataDir },
    database,
    release: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

const factoryContext = (database: Database) =>
  ({ database, deps: { env: { AUTH_SECRET }, now: () => new Date() } }) as unknown as TestContext

describe('a server process asked to stop', () => {
  let proc: Proc | undefined
  let release: (() => Promise<void>) | undefined
  afterAll(async () => {
    await stopProcess(proc)
    await release?.()
  })

  it('answers not-ready while its streams are still open, then ends them with a reconnect hint and exits 0', async () => {
    const db = await processDatabase()
    release = db.release
    const { guild, admin } = await buildGuild(factoryContext(db.database), { publicAccessPassword: PASSWORD })
    if (ENGINE === 'pglite') await db.database.close()
    const metricsPort = await freePort()
    proc = await startProcess(db.where, AUTH_SECRET, {
      env: { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), METRICS_PORT: String(metricsPort) },
    })
    const { url } = proc

    const access = await fetch(`${url}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(access.status).toBe(200)
    const publicCookie = access.headers.get('set-cookie')!.split(';')[0]!
    const publicStream = readSse(
      await fetch(`${url}/api/v1/public/guilds/${guild.slug}/events`, { headers: { cookie: publicCookie } }),
    )
    const memberStream = readSse(await fetch(`${url}/api/v1/events`, { headers: { cookie: admin.cookie } }))
    try {
      await Promise.all([publicStream.waitFor('ready'), memberStream.waitFor('ready')])
      expect((await fetch(`${url}/api/v1/health/ready`)).status).toBe(200)
      // Metrics on their own port, with the process's memory; the app's port has none.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
      expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m)
      expect(metrics).toMatch(/^lootqueue_event_streams 2$/m)
      expect(await (await fetch(`${url}/metrics`)).text()).not.toContain('lootqueue_')

      const exited = new Promise<number | null>((resolve) => proc!.child.once('exit', resolve))
      const signalled = performance.now()
      proc.child.kill('SIGTERM')
      // Not ready at once, and still serving: a load balancer polling readiness takes it out first.
      let ready: Response
      do ready = await fetch(`${url}/api/v1/health/ready`)
      while (ready.status === 200 && performance.now() - signalled < 5000)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toMatchObject({ status: 'draining' })
      expect(ready.headers.get('retry-after')).toBe('5')
      const page = await fetch(`${url}/api/v1/guild`, { headers: { cookie: admin.cookie } })
      expect(page.status).toBe(200)
      expect(publicStream.ended || memberStream.ended).toBe(false)
      expect(publicStream.messages.some((m) => m.event === 'reconnect')).toBe(false)

      // After the grace period each stream is told to reconnect (to another process), then ends.
      for (const stream of [publicStream, memberStream]) {
        await stream.waitFor('reconnect', { timeoutMs: (GRACE_SECONDS + 10) * 1000 })
        await stream.waitForEnd()
      }
      expect(performance.now() - signalled).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 50)
      // A client that comes straight back (a browser with no proxy to send it elsewhere, over a connection it
      // kept) is not served stream after stream until the process cuts every connection: the process is gone.
      const streamsEnded = performance.now()
      let servedAgain = 0
      while (performance.now() - streamsEnded < 5000) {
        const again = await fetch(`${url}/api/v1/public/guilds/${guild.slug}/events`, {
          headers: { cookie: publicCookie },
        }).catch(() => null)
        if (!again) break
        servedAgain++
        await again.text().catch(() => '')
      }
      // At most once over each connection it had kept (a stream answered while draining closes its own).
      expect(servedAgain).toBeLessThanOrEqual(3)
      expect(await exited).toBe(0)
      expect(performance.now() - streamsEnded).toBeLessThan(2000)
    } finally {
      await Promise.all([publicStream.close(), memberStream.close()])
    }
    if (ENGINE === 'postgres') await db.database.close()
  }, 120_000)

  // A browser (or a proxy) keeps the connection its event stream came over once the stream ends, to send its
  // next request on. The stream answered keep-alive before the stop, so that connection stayed open until it
  // timed out, and the process with it, saying nothing of what it waited for.
  it('exits at once when its streams end over connections their clients keep, and says it has shut down', async () => {
    const db = await processDatabase()
    const { guild, admin } = await buildGuild(factoryContext(db.database), { publicAccessPassword: PASSWORD })
    if (ENGINE === 'pglite') await db.database.close()
    let stopped: Proc | undefined
    const agent = new Agent({ keepAlive: true })
    try {
      stopped = await startProcess(db.where, AUTH_SECRET, { env: { LOG_LEVEL: 'info' } })
      const { url } = stopped
      const access = await fetch(`${url}/api/v1/public/guilds/${guild.slug}/access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      })
      const publicCookie = access.headers.get('set-cookie')!.split(';')[0]!
      /** A stream over a kept-alive connection; resolves once the stream has ended, with what it said. */
      const stream = (path: string, cookie: string) =>
        new Promise<{ ready: Promise<void>; ended: Promise<string> }>((resolve, reject) => {
          get(`${url}${path}`, { agent, headers: { cookie } }, (res: IncomingMessage) => {
            let body = ''
            let onReady = () => {}
            const ready = new Promise<void>((r) => (onReady = r))
            const ended = new Promise<string>((r) => res.once('end', () => r(body)))
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => {
              body += chunk
              if (body.includes('event: ready')) onReady()
            })
            resolve({ ready, ended })
          }).once('error', reject)
        })
      const streams = [
        await stream(`/api/v1/public/guilds/${guild.slug}/events`, publicCookie),
        await stream('/api/v1/events', admin.cookie),
      ]
      await Promise.all(streams.map((s) => s.ready))

      const exited = new Promise<number | null>((resolve) => stopped!.child.once('exit', resolve))
      const signalled = performance.now()
      stopped.child.kill('SIGTERM')
      for (const s of streams) expect(await s.ended).toContain('event: reconnect')
      expect(await exited).toBe(0)
      // The streams' connections were still open in the agent: not waited for (their timeout was 5 s).
      expect(performance.now() - signalled).toBeLessThan(3000)
      expect(stopped.log()).toMatch(/shut down signal=SIGTERM ms=\d+/)
    } finally {
      agent.destroy()
      await stopProcess(stopped)
      if (ENGINE === 'postgres') await db.database.close()
      await db.release()
    }
  }, 120_000)

  // Whatever read the output went away (`npm start | head`, a log shipper that died): the next line fails with
  // EPIPE. Node's default was to die mid-write, the embedded database unclosed and its lock left behind.
  it('stops as when asked to once what read its output has gone, and releases its data folder', async () => {
    const db = await processDatabase()
    if (ENGINE === 'pglite') await db.database.close()
    let orphaned: Proc | undefined
    try {
      orphaned = await startProcess(db.where, AUTH_SECRET, { env: { LOG_LEVEL: 'debug' } })
      const exited = new Promise<number | null>((resolve) => orphaned!.child.once('exit', resolve))
      orphaned.child.stdout!.destroy()
      orphaned.child.stderr!.destroy()
      // A refused sign-in writes a line (debug): the first write into the closed pipe.
      await fetch(`${orphaned.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: orphaned.url },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      }).catch(() => undefined)
      expect(await exited).toBe(0)
      if (typeof db.where !== 'string')
        expect(existsSync(join(db.where.dataDir, 'lootqueue.lock'))).toBe(false)
    } finally {
      await stopProcess(orphaned)
      await db.release()
    }
  }, 120_000)
})
