import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openPostgres } from '../db/client'
import { lootHistory, players } from '../db/schema'
import { readSse } from '../modules/live-updates/sse.test-support'
import { buildGuild, buildPlayer, DEFAULT_PASSWORD } from '../test/factories'
import { ENGINE, type TestContext } from '../test/harness'
import { type Cluster, startCluster } from '../test/postgres-cluster'
import { type Proc, startProcess, stopProcess } from '../test/server-process'
import { limitMs, medianMs } from '../test/timing'

// PostgreSQL goes away under a server process (a crash, then a restart, on a cluster of this test's own with
// PostgreSQL's production durability): requests get 503 with Retry-After and SERVICE_UNAVAILABLE, never a 500,
// a crash or a hang; the process recovers by itself once the database is back (pool and LISTEN connection),
// and every write it acknowledged is there (docs/decisions/017-running-as-a-service.md). PGlite has no server
// to lose.

const AUTH_SECRET = 'outage-test-secret-outage-test-secret-00'
/** Long past the 5 s a request waits for a connection (server/db/client.ts): only a hang reaches it. */
const HANG_MS = 15_000

/** A request of the load: its answer, how long it took, and when it started (ms into the load). */
type Outcome = { status: number; ms: number; phase: 'up' | 'down' | 'back'; at: number }

describe.skipIf(ENGINE !== 'postgres')('a server process whose PostgreSQL goes away', () => {
  let cluster: Cluster | undefined
  let proc: Proc | undefined
  let database: Database | undefined
  afterAll(async () => {
    await stopProcess(proc)
    await database?.close().catch(() => {})
    cluster?.stop()
  })

  it('answers 503 while it is down, recovers by itself within 5 s of its return, and loses no acknowledged write', async () => {
    cluster = await startCluster({ durable: true })
    const url = cluster.url('lq_outage')
    const admin = await openPostgres(cluster.url('postgres'), { migrate: false, max: 1 })
    await admin.db.execute('create database lq_outage')
    await admin.close()
    database = await openPostgres(url, { max: 2 })
    const factoryCtx = {
      database,
      deps: { env: { AUTH_SECRET }, now: () => new Date() },
    } as unknown as TestContext
    const { guild, admin: member } = await buildGuild(factoryCtx)
    for (const name of ['Ana', 'Bruno', 'Caio', 'Duda']) await buildPlayer(factoryCtx, guild.id, { name })
    await database.close()
    database = undefined

    proc = await startProcess(url, AUTH_SECRET)
    const base = proc.url
    const call = (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
      signal: AbortSignal | null = AbortSignal.timeout(HANG_MS),
    ) =>
      fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          cookie: member.cookie,
          origin: base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      })
    const item = await (await call('POST', '/items', { name: 'Arco', rarity: 'rare' })).json()
    expect((await call('POST', `/items/${item.id}/queue/add-all`)).status).toBe(200)
    // A stream lasts: no time limit on it.
    const stream = readSse(await call('GET', '/events', undefined, {}, null))
    await stream.waitFor('ready')

    // Steady load: new players (each acknowledged name must survive), receipts (each acknowledged one is a
    // history row) and queue reads, until told to stop.
    let phase: Outcome['phase'] = 'up'
    let running = true
    const outcomes: Outcome[] = []
    const ackedPlayers: string[] = []
    let ackedReceipts = 0
    let sequence = 0
    const t0 = performance.now()
    /** The answer; a request that failed outright (no answer, or none within HANG_MS) counts as status 0. */
    const timed = async (run: () => Promise<Response>) => {
      const inPhase = phase
      const started = performance.now()
      const res = await run().catch(() => new Response(null, { status: 599 }))
      const status = res.status === 599 ? 0 : res.status
      outcomes.push({ status, ms: performance.now() - started, phase: inPhase, at: started - t0 })
      return res
    }
    const workers = [
      async () => {
        while (running) {
          const name = `Load ${++sequence}`
          const res = await timed(() => call('POST', '/players', { name }))
          if (res.status === 201) ackedPlayers.push(name)
          else await res.body?.cancel()
        }
      },
      async () => {
        while (running) {
          const queue = await timed(() => call('GET', `/items/${item.id}/queue`))
          if (queue.status !== 200) {
            await queue.body?.cancel()
            continue
          }
          const next = (await queue.json()).entries.find(
            (entry: { attendanceStatus: string }) => entry.attendanceStatus === 'pending',
          )
          if (!next) continue
          const res = await timed(() => call('POST', `/queue-entries/${next.id}/received`))
          if (res.status === 200) ackedReceipts++
          await res.body?.cancel()
        }
      },
    ]
    const load = Promise.all(workers.map((work) => work()))
    await new Promise((resolve) => setTimeout(resolve, 1500))

    // A crash: no checkpoint, connections cut.
    phase = 'down'
    const downAt = performance.now() - t0
    await cluster.pause('immediate')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const refused = await call('POST', '/players', { name: 'While down' }, { 'accept-language': 'en' })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await refused.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is unavailable for a moment. Try again in a few seconds.',
      },
    })
    // better-auth's own routes and the public page too.
    const signIn = await fetch(`${base}/api/v1/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: member.user.email, password: DEFAULT_PASSWORD }),
    })
    expect(signIn.status).toBe(503)
    expect(signIn.headers.get('retry-after')).toBe('5')
    const publicView = await fetch(`${base}/api/v1/public/guilds/${guild.slug}/view`)
    expect(publicView.status).toBe(503)
    expect((await publicView.json()).error.code).toBe('SERVICE_UNAVAILABLE')
    // A page opened or reloaded meanwhile is a page in the reader's language, never that JSON: the app's
    // shell, which says so and tries again by itself.
    const publicPage = await fetch(`${base}/guilds/${guild.slug}`, {
      headers: { accept: 'text/html', 'accept-language': 'en' },
    })
    expect(publicPage.status).toBe(503)
    expect(publicPage.headers.get('retry-after')).toBe('5')
    expect(publicPage.headers.get('content-type')).toMatch(/^text\/html/)
    const pageHtml = await publicPage.text()
    expect(pageHtml).toContain('<html lang="en-US"')
    expect(pageHtml).toContain('<title>Guild queues · LootQueue</title>')
    const notReady = await fetch(`${base}/api/v1/health/ready`)
    expect(notReady.status).toBe(503)
    expect(await notReady.json()).toMatchObject({ status: 'database unavailable' })
    expect((await fetch(`${base}/api/v1/health/live`)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1500))

    // Back: how long until a write goes through again, against a trivial request's time right now.
    await cluster.resume()
    const back = performance.now()
    phase = 'back'
    let recoveredMs: number | undefined
    while (recoveredMs === undefined && performance.now() - back < 30_000) {
      const res = await call('POST', '/players', { name: `After ${++sequence}` })
      if (res.status === 201) recoveredMs = performance.now() - back
      else await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const baseline = await medianMs(() => fetch(`${base}/api/v1/health/live`))
    // Open streams hear the changes again once the listener is back (it announces every topic).
    const heardFrom = stream.messages.length
    await stream.waitForMessage((m) => m.event === 'change', { from: heardFrom, timeoutMs: 10_000 })
    expect((await fetch(`${base}/api/v1/health/ready`)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    running = false
    await load
    await stream.close()

    const statuses = (p: Outcome['phase']) =>
      new Set(outcomes.filter((o) => o.phase === p).map((o) => o.status))
    // Done before the crash: every one succeeded.
    const before = new Set(outcomes.filter((o) => o.at + o.ms < downAt).map((o) => o.status))
    console.info(
      `[outage] ${outcomes.length} requests; up ${[...statuses('up')]}, down ${[...statuses('down')]}, back ${[...statuses('back')]}; ` +
        `writes again ${recoveredMs?.toFixed(0)} ms after the database (baseline ${baseline.toFixed(1)} ms); ` +
        `slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms`,
    )
    expect(recoveredMs).toBeLessThan(limitMs(5000, baseline))
    expect(before).toEqual(new Set([200, 201]))
    expect(statuses('down').has(503)).toBe(true)
    for (const { status } of outcomes) expect([200, 201, 503]).toContain(status)
    expect(proc.child.exitCode).toBeNull()
    expect(proc.log()).not.toContain('unhandled error')

    // Every acknowledged write survived the crash.
    database = await openPostgres(url, { migrate: false, max: 1 })
    const names = new Set((await database.db.select({ name: players.name }).from(players)).map((p) => p.name))
    expect(ackedPlayers.length).toBeGreaterThan(0)
    expect(ackedPlayers.filter((name) => !names.has(name))).toEqual([])
    const history = await database.db.select({ id: lootHistory.id }).from(lootHistory)
    expect(ackedReceipts).toBeGreaterThan(0)
    expect(history.length).toBeGreaterThanOrEqual(ackedReceipts)
  }, 180_000)
})
