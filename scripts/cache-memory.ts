// node --import tsx scripts/cache-memory.ts [--engine postgres|pglite] [--guilds 2000] [--cache-mb 16,64]
//
// What a process holds after reading many guilds' public pages (issue 44: within READ_CACHE_MB + 150 MB).
// Seeds one database with N guilds (scripts/bench/seed-many-guilds.ts, without history), then
// for each READ_CACHE_MB given starts the server as `npm start` runs it (its own process, `node
// dist/server/start.js`, production mode), enters every guild's public page with its password and reads its
// view and its ten queues (8 at a time), and prints the process's resident memory (/proc) before and after,
// its peak, and what the read cache counted (its metrics). Not a test: the figures go in issue notes and in
// docs/decisions/017-running-as-a-service.md.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '../server/db/client'
import { freePort } from '../server/test/free-port'
import { startCluster } from '../server/test/postgres-cluster'
import { seedManyGuilds } from './bench/seed-many-guilds'

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1]! : fallback
}
const engine = arg('engine', 'postgres') as 'postgres' | 'pglite'
const guildCount = Number(arg('guilds', '2000'))
const cacheSizes = arg('cache-mb', '16,64').split(',').map(Number)
const AUTH_SECRET = 'cache-memory-secret-cache-memory-secret-0'
const PASSWORD = 'memory-pass'
const READERS = 8
const MB = 1024 * 1024

/** A line of /proc/<pid>/status in MB: VmRSS (resident), VmHWM (its peak), RssAnon (resident and private). */
const rssOf = (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return (Number(line?.split(/\s+/)[1]) * 1024) / MB
}

/** The server's process: `node dist/server/start.js`, what `npm start` execs. */
async function startServer(where: Record<string, string>, cacheMb: number) {
  const port = await freePort()
  const metricsPort = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['dist/server/start.js'], {
    env: {
      ...process.env,
      ...where,
      PORT: String(port),
      NODE_ENV: 'production',
      AUTH_SECRET,
      BILLING_SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      READ_CACHE_MB: String(cacheMb),
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited while starting')
    const ready = await fetch(`${base}/api/v1/health/ready`).catch(() => null)
    if (ready?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const metric = async (name: string) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    const line = text.split('\n').find((l) => l.startsWith(`${name} `))
    return Number(line?.split(' ')[1])
  }
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  return { base, pid: child.pid!, metric, stop }
}

/** One guild's public page as a browser reads it: the password, the view, then every queue. */
async function readGuild(base: string, n: number) {
  const slug = `guild-${n}`
  const access = await fetch(`${base}/api/v1/public/guilds/${slug}/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: PASSWORD }),
  })
  if (access.status !== 200) throw new Error(`${slug} access: ${access.status} ${await access.text()}`)
  const headers = { cookie: access.headers.get('set-cookie')!.split(';')[0]!, 'accept-encoding': 'gzip' }
  const view = await fetch(`${base}/api/v1/public/guilds/${slug}/view`, { headers })
  if (view.status !== 200) throw new Error(`${slug} view: ${view.status}`)
  const { items } = (await view.json()) as { items: { id: string }[] }
  for (const item of items) {
    const queue = await fetch(`${base}/api/v1/public/guilds/${slug}/items/${item.id}/queue`, { headers })
    if (queue.status !== 200) throw new Error(`${slug} queue: ${queue.status}`)
    await queue.arrayBuffer()
  }
}

async function readAll(base: string, from: number, to: number) {
  let next = from
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (next <= to) await readGuild(base, next++)
    }),
  )
}

const cleanups: (() => Promise<void> | void)[] = []
try {
  let where: Record<string, string>
  let database: Database
  if (engine === 'postgres') {
    const cluster = await startCluster()
    cleanups.push(() => cluster.stop())
    const admin = await openPostgres(cluster.url('postgres'), { migrate: false, max: 1 })
    await admin.db.execute(sql`create database lq_memory`)
    await admin.close()
    database = await openPostgres(cluster.url('lq_memory'), { max: 2 })
    where = { DATABASE_URL: cluster.url('lq_memory') }
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'lq-memory-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    database = await openPglite(join(dataDir, 'pglite'))
    where = { DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_KEEP: '0' }
  }
  const seeding = performance.now()
  await seedManyGuilds(database, { count: guildCount, password: PASSWORD, historyRows: 0 })
  await database.db.execute(sql`analyze`)
  await database.close()
  console.log(
    `${engine}: ${guildCount} guilds seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  )

  for (const cacheMb of cacheSizes) {
    const server = await startServer(where, cacheMb)
    try {
      const atReady = rssOf(server.pid, 'VmRSS')
      // The code paths warmed on a few guilds, so the growth below is what the guilds' data costs.
      await readAll(server.base, 1, 20)
      const warmed = rssOf(server.pid, 'VmRSS')
      const started = performance.now()
      await readAll(server.base, 21, guildCount)
      const seconds = (performance.now() - started) / 1000
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const after = rssOf(server.pid, 'VmRSS')
      const afterPrivate = rssOf(server.pid, 'RssAnon')
      const peak = rssOf(server.pid, 'VmHWM')
      const counted = (await server.metric('lootqueue_read_cache_bytes')) / MB
      const heap = (await server.metric('nodejs_heap_size_used_bytes')) / MB
      const heapTotal = (await server.metric('nodejs_heap_size_total_bytes')) / MB
      const external = (await server.metric('nodejs_external_memory_bytes')) / MB
      const evictions = await server.metric('lootqueue_read_cache_evictions_total')
      const cachedGuilds = await server.metric('lootqueue_read_cache_guilds')
      const limit = cacheMb + 150
      console.log(
        `READ_CACHE_MB=${cacheMb}: RSS at ready ${atReady.toFixed(0)} MB, after 20 guilds ${warmed.toFixed(0)} MB, ` +
          `after ${guildCount} guilds (${(((guildCount - 20) * 11) / seconds).toFixed(0)} reads/s) ${after.toFixed(0)} MB (private ${afterPrivate.toFixed(0)} MB), peak ${peak.toFixed(0)} MB; ` +
          `cache counts ${counted.toFixed(1)} MB for ${cachedGuilds} guilds (${evictions} evictions), heap used ${heap.toFixed(0)} of ${heapTotal.toFixed(0)} MB, external ${external.toFixed(0)} MB. ` +
          `Goal RSS ≤ ${limit} MB: ${after <= limit && peak <= limit ? 'met' : 'MISSED'}`,
      )
    } finally {
      await server.stop()
    }
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()
}
