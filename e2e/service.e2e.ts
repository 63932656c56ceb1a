import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { freePort } from '../server/test/free-port'
import { type Cluster, startCluster } from '../server/test/postgres-cluster'
import { signInPage, signUpAndConfirm } from './support/accounts'
import { launchBrowser, newPage, type WatchedPage } from './support/browser'
import { type RunLoad, startLoad } from './support/load'
import { type RunningNginx, startNginx } from './support/nginx'
import { enterPublicPage, GUILD_PASSWORD } from './support/queues'
import { type ServiceInstances, startInstances } from './support/service-instances'
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox'

// Issue 44: the service as deploy/ sets it up. Two app processes run as their systemd unit runs them
// (production mode, e-mail through SMTP) on one PostgreSQL, behind Debian's nginx with the shipped site;
// the browsers only know nginx. `X-Upstream`, added by this test's nginx alone, says which process
// answered, so the journey can see which one holds each page's event stream.

const LIVE = { timeout: 15_000, interval: 50 }

let cluster: Cluster
let browser: Browser
let smtp: SmtpInbox
let nginx: RunningNginx
let instances: ServiceInstances
let database: pg.Client
let account: Awaited<ReturnType<typeof signUpAndConfirm>>
let adminCookie: string
let authSecret: string
const pages: WatchedPage[] = []

beforeAll(async () => {
  ;[cluster, browser, smtp] = await Promise.all([startCluster(), launchBrowser(), startSmtpInbox()])
  database = new pg.Client({ connectionString: cluster.url('postgres') })
  await database.connect()
  await database.query('create database lootqueue')
  const ports = [await freePort(), await freePort()]
  nginx = await startNginx(ports, { tagUpstream: true })
  const metricsPorts = new Map([
    [ports[0]!, await freePort()],
    [ports[1]!, await freePort()],
  ])
  // /etc/lootqueue/lootqueue.env, as docs/operations.md has the operator write it: one for all processes.
  authSecret = randomBytes(32).toString('base64')
  instances = await startInstances(ports, (port) => ({
    ...envFile(cluster.url('lootqueue')),
    // The unit's "1 before the port" works for ports up to 6553; these are the OS's free ports.
    METRICS_PORT: String(metricsPorts.get(port)),
  }))
  account = await signUpAndConfirm(nginx.url, {}, (to, contains) => smtp.link(to, contains))
  const signIn = await fetch(`${nginx.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: nginx.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  expect(signIn.status).toBe(200)
  adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  for (const name of ['Aria', 'Bruno', 'Caio']) await api('POST', '/players', { name })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await instances?.stop()
  await nginx?.stop()
  await database?.end()
  cluster?.stop()
  await smtp?.close()
})

// A failure here is often about timing across processes: what nginx and the processes saw says which
// request went where and how it ended (a 499 is a request the browser gave up).
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    const tail = (text: string, lines: number) => text.split('\n').slice(-lines).join('\n')
    console.error(
      `nginx's access log, last 150 requests:\n${tail(nginx.accessLog(), 150)}\n` +
        `nginx's error log:\n${tail(nginx.errorLog(), 50)}\n` +
        `the processes' output, last 100 lines:\n${tail(instances.output(), 100)}`,
    )
  })
})

afterEach(async () => {
  const errors = pages.flatMap((p) => p.consoleErrors)
  for (const p of pages.splice(0)) await p.context.close()
  expect(errors).toEqual([])
})

/** /etc/lootqueue/lootqueue.env (deploy/lootqueue.env) for this test's service. */
const envFile = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: authSecret,
  APP_URL: nginx.url,
  SMTP_URL: smtp.url,
  LOG_LEVEL: 'warn',
})

/** The admin's API through nginx, or through one process when `via` names its port. */
async function api<T = unknown>(method: string, path: string, body?: unknown, via?: number): Promise<T> {
  const base = via ? `http://127.0.0.1:${via}` : nginx.url
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      cookie: adminCookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

type QueueView = { entries: { id: string; playerName: string }[] }

async function itemWithQueue(name: string) {
  const item = await api<{ id: string }>('POST', '/items', { name, rarity: 'legendary' })
  await api('POST', `/items/${item.id}/queue/add-all`)
  const queue = await api<QueueView>('GET', `/items/${item.id}/queue`)
  return { id: item.id, name, entries: queue.entries }
}

const order = async (itemId: string) =>
  (await api<QueueView>('GET', `/items/${itemId}/queue`)).entries.map((e) => e.playerName)

async function open() {
  const watched = await newPage(browser, { baseURL: nginx.url })
  pages.push(watched)
  return watched
}

/** Resolves with the process (its port) that answered the page's next event-stream request. */
const nextStreamProcess = (page: Page) =>
  page
    .waitForResponse((r) => r.url().endsWith('/events'), { timeout: 30_000 })
    .then((r) => Number(r.headers()['x-upstream']?.split(':').at(-1)))

async function openDashboardQueue(item: { id: string; name: string }) {
  const officer = await open()
  await signInPage(officer.page, account)
  const stream = nextStreamProcess(officer.page)
  await officer.page.goto('/dashboard/items')
  await officer.page.getByRole('button', { name: `Ver fila de ${item.name}` }).click()
  await officer.page.waitForURL(/tab=queues/)
  await expect.poll(() => dashboardQueue(officer.page), LIVE).toHaveLength(3)
  return { officer, streamOn: await stream }
}

/** The public page of the item, its password typed in; reopened until its stream is on `avoid`'s other process. */
async function openPublicQueue(item: { id: string; name: string }, avoid?: number) {
  const raider = await open()
  await enterPublicPage(raider.page, account.slug)
  for (let attempt = 0; ; attempt++) {
    const stream = nextStreamProcess(raider.page)
    await raider.page.goto(`/guilds/${account.slug}?item=${item.id}`)
    const streamOn = await stream
    await raider.page.getByText('Ao vivo').waitFor({ timeout: LIVE.timeout })
    if (streamOn !== avoid || attempt === 20) return { raider, streamOn }
  }
}

/** Names in the dashboard's queue, in order, read from the drag handles' labels. */
const dashboardQueue = async (page: Page) =>
  Promise.all(
    (
      await page
        .getByRole('list', { name: 'Fila do item' })
        .getByRole('button', { name: /^Arrastar / })
        .all()
    ).map(async (handle) =>
      (await handle.getAttribute('aria-label'))!.replace(/^Arrastar (.*) \(posição \d+\)$/, '$1'),
    ),
  )

/** Names in the public page's queue of `itemName`, in order. */
const publicQueue = (page: Page, itemName: string) =>
  page
    .getByRole('list', { name: `Fila de ${itemName}` })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.textContent?.match(/Aria|Bruno|Caio/)?.[0] ?? '?'))

/** The public page's "Nota: …" of the last receipt. */
const lastRecipientNote = (page: Page) => page.getByTestId('last-recipient-note').textContent()

/**
 * A process that stops cuts its open event streams after 2 s (server/main.ts), and Chromium logs each cut
 * as this console error. Nothing shows on the page, which reconnects; once the server ends its streams
 * cleanly when it stops (issue 44), remove this and the journey holds it to that.
 */
const STREAM_CUT = 'Failed to load resource: net::ERR_INCOMPLETE_CHUNKED_ENCODING'
function dropStreamCutErrors() {
  for (const p of pages) {
    const kept = p.consoleErrors.filter((e) => !e.startsWith(STREAM_CUT))
    p.consoleErrors.splice(0, p.consoleErrors.length, ...kept)
  }
}

const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }))
const stillNoReload = (page: Page) =>
  page.evaluate(() => (window as { __noReload?: boolean }).__noReload === true)

describe('two processes behind nginx on one PostgreSQL', () => {
  it("a dashboard and a public page whose streams are on different processes see each other's changes live", async () => {
    const sword = await itemWithQueue('Espada Lendária')
    const { officer, streamOn: officerProcess } = await openDashboardQueue(sword)
    const { raider, streamOn: raiderProcess } = await openPublicQueue(sword, officerProcess)
    expect(instances.ports).toContain(officerProcess)
    expect(instances.ports).toContain(raiderProcess)
    expect(raiderProcess).not.toBe(officerProcess)
    for (const w of [officer, raider]) await markNoReload(w.page)

    // In the officer's browser, through nginx: every open page follows.
    const [first] = await dashboardQueue(officer.page)
    const absent = officer.page.waitForResponse((r) => r.url().endsWith('/absent'))
    await officer.page.getByRole('button', { name: `Marcar ${first} como ausente` }).click()
    expect((await absent).status()).toBe(200)
    let expected = await order(sword.id)
    await expect.poll(() => publicQueue(raider.page, sword.name), LIVE).toEqual(expected)
    await expect.poll(() => dashboardQueue(officer.page), LIVE).toEqual(expected)

    // Committed by the process that holds the public page's stream: the dashboard, whose stream is on the
    // other process, hears of it through PostgreSQL. And the other way round.
    for (const [via, note] of [
      [raiderProcess, 'entregue pelo processo do público'],
      [officerProcess, 'entregue pelo processo do painel'],
    ] as const) {
      const head = (await api<QueueView>('GET', `/items/${sword.id}/queue`)).entries[0]!
      await api('POST', `/queue-entries/${head.id}/received`, { note }, via)
      expected = await order(sword.id)
      await expect.poll(() => dashboardQueue(officer.page), LIVE).toEqual(expected)
      await expect.poll(() => publicQueue(raider.page, sword.name), LIVE).toEqual(expected)
      await expect.poll(() => lastRecipientNote(raider.page), LIVE).toContain(note)
    }
    for (const w of [officer, raider]) expect(await stillNoReload(w.page)).toBe(true)
  }, 150_000)

  it('restarts both processes one at a time under load: no request fails, no acknowledged write is lost, the public page catches up', async () => {
    const ring = await itemWithQueue('Anel de Ônix')
    const { officer } = await openDashboardQueue(ring)
    const { raider } = await openPublicQueue(ring)
    for (const w of [officer, raider]) await markNoReload(w.page)

    // The public page's reconnections wait until the writes below are done: it then has missed them all,
    // whichever moment its process restarts, and must catch up by itself.
    const held: Route[] = []
    await raider.page.route(/\/events$/, (route) => void held.push(route))

    // Reads (the dashboard's and the public page's queue, the app's page) and queue writes through nginx,
    // from a browser, for as long as the rolling restart takes.
    const loader = await open()
    await signInPage(loader.page, account)
    await loader.page.goto('/')
    const load: RunLoad = await startLoad(loader.page, {
      slug: account.slug,
      guildPassword: GUILD_PASSWORD,
      itemId: ring.id,
      entryIds: ring.entries.map((e) => e.id),
    })
    const restart = await rollingRestart()
    const figures = await load.stop()

    // A last write while the public page is still away.
    const head = (await api<QueueView>('GET', `/items/${ring.id}/queue`)).entries[0]!
    const missedNote = `escrito enquanto a página estava fora ${randomBytes(3).toString('hex')}`
    await api('POST', `/queue-entries/${head.id}/received`, { note: missedNote })
    const expected = await order(ring.id)

    const stored = new Set(await historyNotes(ring.id))

    const lost = figures.acknowledgedNotes.filter((note) => !stored.has(note))
    console.info(
      `rolling restart of ${instances.ports.length} processes behind nginx: ${figures.requests} requests ` +
        `(${figures.reads} reads, ${figures.writes} writes) in ${(figures.ms / 1000).toFixed(1)} s, ` +
        `${figures.failures.length} failed, ${figures.acknowledgedNotes.length} writes acknowledged, ` +
        `${lost.length} lost; answers by process ${JSON.stringify(figures.byProcess)}`,
    )
    expect(restart.code, restart.output).toBe(0)
    for (const port of instances.ports) expect(instances.starts(port)).toBe(2)
    expect(figures.failures).toEqual([])
    expect(figures.acknowledgedNotes.length).toBeGreaterThan(0)
    expect(lost).toEqual([])
    // Both processes served the load (each was out of nginx only while it restarted).
    for (const port of instances.ports) expect(figures.byProcess[port] ?? 0).toBeGreaterThan(0)

    // The public page's stream ended with its process and it asked again: let it through now.
    expect(held.length).toBeGreaterThan(0)
    const released = Date.now()
    for (const route of held) await route.continue()
    await raider.page.unroute(/\/events$/)
    await expect.poll(() => lastRecipientNote(raider.page), LIVE).toContain(missedNote)
    await expect.poll(() => publicQueue(raider.page, ring.name), LIVE).toEqual(expected)
    console.info(`the public page caught up ${Date.now() - released} ms after its stream was let through`)
    // The dashboard's stream reconnected by itself (to the other process, each time its own restarted).
    await expect.poll(() => dashboardQueue(officer.page), LIVE).toEqual(expected)
    for (const w of [officer, raider]) expect(await stillNoReload(w.page)).toBe(true)
    dropStreamCutErrors()
  }, 300_000)

  it("the restore drill: the running service's pg_dump, restored into a new database, serves the guild", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lq-drill-'))
    const dump = join(folder, 'lootqueue.dump')
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, cluster.url('lootqueue')])
    await database.query('create database lootqueue_drill')
    execFileSync('pg_restore', ['--no-owner', `--dbname=${cluster.url('lootqueue_drill')}`, dump])
    rmSync(folder, { recursive: true, force: true })

    const [port, metricsPort] = [await freePort(), await freePort()]
    const drill = await startInstances([port], () => ({
      ...envFile(cluster.url('lootqueue_drill')),
      METRICS_PORT: String(metricsPort),
    }))
    try {
      const url = `http://127.0.0.1:${port}`
      expect((await fetch(`${url}/api/v1/public/guilds/${account.slug}`)).status).toBe(200)
      const signIn = await fetch(`${url}/api/v1/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: account.email, password: account.password }),
      })
      expect(signIn.status).toBe(200)
      const count = async (db: string) => {
        const client = new pg.Client({ connectionString: cluster.url(db) })
        await client.connect()
        try {
          return (await client.query('select count(*)::int as n from loot_history')).rows[0].n as number
        } finally {
          await client.end()
        }
      }
      expect(await count('lootqueue_drill')).toBe(await count('lootqueue'))
    } finally {
      await drill.stop()
    }
  }, 120_000)
})

/** deploy/rolling-restart, pointed at this test's nginx and processes. */
function rollingRestart(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['deploy/rolling-restart'],
      {
        env: {
          ...process.env,
          LQ_UPSTREAM: nginx.upstreamFile,
          LQ_NGINX_RELOAD: nginx.reloadCommand,
          LQ_RESTART: instances.restartCommand,
        },
        timeout: 240_000,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          output: `${stdout}${stderr}\n${instances.output()}`,
        }),
    )
  })
}

/** The loot history's notes of one item, read from the database the processes wrote. */
async function historyNotes(itemId: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: cluster.url('lootqueue') })
  await client.connect()
  try {
    const { rows } = await client.query<{ notes: string }>(
      'select notes from loot_history where item_id = $1',
      [itemId],
    )
    return rows.map((r) => r.notes)
  } finally {
    await client.end()
  }
}
