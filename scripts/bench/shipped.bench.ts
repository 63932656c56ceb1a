// The app as it ships (issue 44: "measure the app as `npm start` runs it, its own process, and add the
// server's CPU time per request from /proc"): `npm start` in its own process group on the bench's durable
// PostgreSQL, loaded from this process over HTTP like any client. Two figures, each as a share of the bare
// Hono hello-world of the same run and with the CPU time the server's process group used per request: the
// public queue read (300 entries) and receipts over 20 items of 300. CPU per request does not depend on how
// cheap the load generator is or on what else the machine runs, so it compares across runs where ratios
// drift; PostgreSQL's (the postmaster and its children) is counted beside the server's. PostgreSQL only: on
// the embedded database the started process owns the data folder, and the guild is seeded here with SQL
// beside it. Issue 44's goals are read here, on the app as shipped: the public read ≥ 50 % of the
// hello-world; receipts ≥ 1,000/s over 20 items, and ≥ 300/s with a p99 ≤ 50 ms with 20 clients on one item.
// The absolute rates move with the machine (docs/performance.md, "Reading the figures").
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openPostgres } from '../../server/db/client'
import { freePort } from '../../server/test/free-port'
import type { TestContext } from '../../server/test/harness'
import { type LoadResult, load, type RequestSpec } from './load'
import { postmasterOf, startServing, treeCpuMs } from './npm-start'
import { itemIdsOf, queueEveryone, seedGuild } from './seed-guild'
import { BENCH_AUTH_SECRET, type BenchContext, median } from './support'

const PLAYERS = 300
const ITEMS = 20
const PASSWORD = 'bench-shipped-password'
const ROUNDS = 3
/** Each window untimed for its first second is measured whole for CPU: so no warm-up inside it. */
const WARM = { seconds: 1, warmupSeconds: 0 }
const WINDOW = { seconds: Number(process.env.BENCH_SECONDS ?? 5), warmupSeconds: 0 }

type Measured = { result: LoadResult; cpuMsPerRequest: number; databaseCpuMsPerRequest: number }

export default async function shippedBench(bench: BenchContext) {
  if (bench.engine !== 'postgres') return
  const url = await bench.newDatabaseUrl()
  const dataDir = mkdtempSync(join(tmpdir(), 'lq-bench-shipped-'))
  const server = await startServing({
    dataDir,
    port: await freePort(),
    // The address the factories' requests say they come from (their Origin header).
    env: { DATABASE_URL: url, AUTH_SECRET: BENCH_AUTH_SECRET, APP_URL: 'http://localhost:3000' },
  })
  const database = await openPostgres(url, { max: 2 })
  const { base } = server
  const postmaster = await postmasterOf(database)
  // What the factories need of a test context: the database, the secret that signs a session cookie, the
  // clock, and requests, here sent to the started process.
  const ctx = {
    database,
    deps: { env: { AUTH_SECRET: BENCH_AUTH_SECRET }, now: () => new Date() },
    app: { request: (path: string, init: RequestInit) => fetch(base + path, init) },
  } as unknown as TestContext
  /** A goal on the median round: its rate (and its share of the hello-world) and its p99. */
  type Goal = { text: string; met: (rps: number, share: number, p99: number) => boolean }
  const report = (name: string, measured: Measured[], baseline: number, unit: string, goal: Goal) => {
    const rps = median(measured.map((m) => m.result.rps))
    const p99 = median(measured.map((m) => m.result.p99))
    const cpu = median(measured.map((m) => m.cpuMsPerRequest))
    const databaseCpu = median(measured.map((m) => m.databaseCpuMsPerRequest))
    const statuses = measured.map((m) => Object.keys(m.result.statuses).join('/')).join(', ')
    console.log(
      `[shipped] ${name}: rounds ${measured.map((m) => m.result.rps.toFixed(0)).join(', ')} ${unit}, ` +
        `CPU ${measured.map((m) => m.cpuMsPerRequest.toFixed(2)).join(', ')} ms/request, PostgreSQL's ` +
        `${measured.map((m) => m.databaseCpuMsPerRequest.toFixed(2)).join(', ')}, p99 ` +
        `${measured.map((m) => m.result.p99.toFixed(1)).join(', ')} ms (answers ${statuses})`,
    )
    const ok = measured.every(
      (m) => Object.keys(m.result.statuses).length === 1 && (m.result.statuses['200'] ?? 0) > 0,
    )
    bench.lines.push({
      name: `npm start (own process): ${name}; p99 ${p99.toFixed(1)} ms; CPU per request: server ${cpu.toFixed(2)} ms, PostgreSQL ${databaseCpu.toFixed(2)} ms (medians of ${ROUNDS})`,
      value: rps,
      unit,
      baseline,
      goal: goal.text,
      pass: ok && goal.met(rps, (rps / baseline) * 100, p99),
    })
  }
  /** A warm-up second, then a window with the CPU time the server's group used during it. */
  const measure = async (specs: RequestSpec[], connections: number): Promise<Measured> => {
    await load(base, specs, { ...WARM, connections })
    const before = { server: server.cpuMs(), database: treeCpuMs(postmaster) }
    const result = await load(base, specs, { ...WINDOW, connections })
    const requests = Math.max(1, result.requests)
    return {
      result,
      cpuMsPerRequest: (server.cpuMs() - before.server) / requests,
      databaseCpuMsPerRequest: (treeCpuMs(postmaster) - before.database) / requests,
    }
  }

  try {
    const baseline = await bench.baseline()
    const { guild, member, call } = await seedGuild(ctx, {
      name: `Bench Shipped ${Date.now()}`,
      players: PLAYERS,
      items: ITEMS,
      publicAccessPassword: PASSWORD,
    })
    const items = await itemIdsOf(call)
    await queueEveryone(call, items)
    // The steady state, as the other benches measure it (the first minutes: queue-writes' own line).
    await database.db.execute(sql`vacuum analyze`)

    const entered = await fetch(`${base}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    const publicCookie = entered.headers.get('set-cookie')!.split(';')[0]!
    const publicRead: RequestSpec = {
      path: `/api/v1/public/guilds/${guild.slug}/items/${items[0]}/queue`,
      headers: { cookie: publicCookie, 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
    }
    const reads: Measured[] = []
    for (let round = 0; round < ROUNDS; round++) reads.push(await measure([publicRead], 16))
    report(`public queue read, ${PLAYERS} entries, 16 connections`, reads, baseline, 'req/s', {
      text: '≥ 50 %',
      met: (_, share) => share >= 50,
    })

    const headers = { cookie: member.cookie, origin: 'http://localhost:3000', accept: 'application/json' }
    /** Receipts of these items' entries in their order now, the items taken in turn: each goes to the head. */
    const receiptsOf = async (itemIds: string[]) => {
      const orders: string[][] = []
      for (const itemId of itemIds) {
        const res = await fetch(`${base}/api/v1/items/${itemId}/queue`, { headers })
        orders.push(((await res.json()) as { entries: { id: string }[] }).entries.map((e) => e.id))
      }
      const specs: RequestSpec[] = []
      for (let i = 0; i < PLAYERS; i++)
        for (const order of orders)
          specs.push({ method: 'POST', path: `/api/v1/queue-entries/${order[i]}/received`, headers })
      return specs
    }
    const receipts: Measured[] = []
    for (let round = 0; round < ROUNDS; round++) receipts.push(await measure(await receiptsOf(items), 20))
    report(`mark received, ${PLAYERS} entries, 20 clients over ${ITEMS} items`, receipts, baseline, 'ops/s', {
      text: '≥ 1000 ops/s',
      met: (rps) => rps >= 1000,
    })
    const oneItem: Measured[] = []
    for (let round = 0; round < ROUNDS; round++)
      oneItem.push(await measure(await receiptsOf([items[0]!]), 20))
    report(`mark received, ${PLAYERS} entries, 20 clients on one item`, oneItem, baseline, 'ops/s', {
      text: '≥ 300 ops/s, p99 ≤ 50 ms',
      met: (rps, _, p99) => rps >= 300 && p99 <= 50,
    })
  } finally {
    await database.close()
    const stopped = await server.stop()
    if (stopped.code !== 0) console.log(`[shipped] npm start ended with ${stopped.code}`)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
