// Ten thousand guilds (issue 44): does one guild's speed depend on how many other guilds the database holds?
// Two databases in the bench's durable PostgreSQL, seeded by the same set-based SQL (seed-many-guilds.ts):
// one holds a single guild, the other BENCH_GUILDS (10,000: three million queue entries, five million
// history rows). Each is served by `npm start` in its own process, and the same guild's five figures are
// measured on both, in alternating windows: its public queue read, its dashboard queue read, a history
// search for one of its items (whose name thousands of other guilds' histories hold too) and receipts over its
// 10 items. The search comes before the receipts, on the guild as seeded, the same 500 rows in both databases;
// and again after them, when the guild holds thousands more rows (more in the lone database, which is faster)
// and the crowded database's statistics still describe a guild of 500 (autovacuum analyses a table of five
// million rows after 500,000 changes). Each line is the crowded database's figure as a share of the lone
// one's in the same round (the median round of ROUNDS), with the server's CPU per request beside it; the goal
// is ≥ 80 %.
// PostgreSQL only, and only when named (`npm run bench -- many-guilds`): seeding takes minutes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, openPostgres } from '../../server/db/client'
import { buildMember } from '../../server/test/factories'
import { freePort } from '../../server/test/free-port'
import type { TestContext } from '../../server/test/harness'
import { type LoadResult, load, type RequestSpec } from './load'
import { startServing } from './npm-start'
import { seedManyGuilds } from './seed-many-guilds'
import { BENCH_AUTH_SECRET, type BenchContext, median } from './support'

export const onlyWhenNamed = true

const GUILDS = Number(process.env.BENCH_GUILDS ?? 10_000)
/** The guild in the middle of the crowded seed: its rows neither first nor last in the tables. */
const MEASURED = Math.ceil(GUILDS / 2)
const PASSWORD = 'bench-many-guilds'
const ROUNDS = 3
const WINDOW = { seconds: Number(process.env.BENCH_SECONDS ?? 5), warmupSeconds: 1 }
const GOAL = 0.8
const ORIGIN = 'http://localhost:3000'

type Served = Awaited<ReturnType<typeof serveGuilds>>
type Measure = {
  name: string
  unit: string
  connections: number
  specs: (at: Served) => Promise<RequestSpec[]>
}

/** A database of `count` guilds served by `npm start`, and the measured guild's ways in. */
async function serveGuilds(bench: BenchContext, count: number) {
  const url = await bench.newDatabaseUrl()
  const database = await openPostgres(url, { max: 2 })
  const seeding = performance.now()
  // The measured guild is number MEASURED in both databases: alone, it is the only one seeded.
  await seedManyGuilds(database, { count, first: count === 1 ? MEASURED : 1, password: PASSWORD })
  // The steady state: what autovacuum leaves once the seed is analysed and its pages marked visible.
  await database.db.execute(sql`vacuum analyze`)
  const size = await one<{ size: string }>(
    database,
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  )
  console.log(
    `[many-guilds] ${count} guild(s) seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s, ${size.size}`,
  )
  const guild = await one<{ id: string; slug: string }>(
    database,
    sql`select id, slug from guilds where slug = ${`guild-${MEASURED}`}`,
  )
  const ctx = {
    database,
    deps: { env: { AUTH_SECRET: BENCH_AUTH_SECRET }, now: () => new Date() },
  } as unknown as TestContext
  const admin = await buildMember(ctx, { guildId: guild.id, role: 'guild_admin' })
  const items = (
    (await database.db.execute(
      sql`select id, name from items where guild_id = ${guild.id} order by name`,
    )) as unknown as { rows: { id: string; name: string }[] }
  ).rows
  const dataDir = mkdtempSync(join(tmpdir(), 'lq-bench-many-'))
  const server = await startServing({
    dataDir,
    port: await freePort(),
    env: { DATABASE_URL: url, AUTH_SECRET: BENCH_AUTH_SECRET, APP_URL: ORIGIN },
  })
  const entered = await fetch(`${server.base}/api/v1/public/guilds/${guild.slug}/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  })
  if (entered.status !== 200) throw new Error(`public access: ${entered.status}`)
  return {
    count,
    server,
    slug: guild.slug,
    items,
    dashboard: { cookie: admin.cookie, origin: ORIGIN, accept: 'application/json' },
    visitor: {
      cookie: entered.headers.get('set-cookie')!.split(';')[0]!,
      'accept-encoding': 'gzip, deflate, br',
    },
    close: async () => {
      await database.close()
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function one<T>(database: Database, statement: ReturnType<typeof sql>): Promise<T> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows[0]!
}

/** The guild's history searched for one of its items' names (thousands of other guilds' histories hold it). */
function historySearch(when: string): Measure {
  return {
    name: `history search for one of its items' names, ${when}, 4 connections`,
    unit: 'req/s',
    connections: 4,
    specs: async (at) => [
      {
        path: `/api/v1/history/loot?page=1&search=${encodeURIComponent(at.items[0]!.name)}`,
        headers: at.dashboard,
      },
    ],
  }
}

const MEASURES: Measure[] = [
  {
    name: 'public queue read (30 entries), 16 connections',
    unit: 'req/s',
    connections: 16,
    specs: async (at) => [
      { path: `/api/v1/public/guilds/${at.slug}/items/${at.items[0]!.id}/queue`, headers: at.visitor },
    ],
  },
  {
    name: 'dashboard queue read (signed in), 16 connections',
    unit: 'req/s',
    connections: 16,
    specs: async (at) => [{ path: `/api/v1/items/${at.items[0]!.id}/queue`, headers: at.dashboard }],
  },
  historySearch('as seeded (500 rows)'),
  {
    name: 'mark received, 10 clients over the 10 items',
    unit: 'ops/s',
    connections: 10,
    // Each item's entries in their order now, the items taken in turn: every receipt goes to the head.
    specs: async (at) => {
      const orders: string[][] = []
      for (const item of at.items) {
        const res = await fetch(`${at.server.base}/api/v1/items/${item.id}/queue`, { headers: at.dashboard })
        orders.push(((await res.json()) as { entries: { id: string }[] }).entries.map((e) => e.id))
      }
      const specs: RequestSpec[] = []
      for (let i = 0; i < orders[0]!.length; i++)
        for (const order of orders)
          specs.push({
            method: 'POST',
            path: `/api/v1/queue-entries/${order[i]}/received`,
            headers: at.dashboard,
          })
      return specs
    },
  },
  historySearch('after the receipts'),
]

type Window = { result: LoadResult; cpuMsPerRequest: number }

async function measureOn(at: Served, measure: Measure): Promise<Window> {
  const specs = await measure.specs(at)
  const before = at.server.cpuMs()
  const result = await load(at.server.base, specs, { ...WINDOW, connections: measure.connections })
  const cpuMsPerRequest = (at.server.cpuMs() - before) / Math.max(1, result.requests)
  const codes = Object.keys(result.statuses)
  if (codes.length !== 1 || codes[0] !== '200') {
    throw new Error(`${measure.name} on ${at.count} guild(s) answered ${JSON.stringify(result.statuses)}`)
  }
  return { result, cpuMsPerRequest }
}

export default async function manyGuildsBench(bench: BenchContext) {
  if (bench.engine !== 'postgres') return
  const alone = await serveGuilds(bench, 1)
  let crowded: Served | undefined
  try {
    crowded = await serveGuilds(bench, GUILDS)
    for (const measure of MEASURES) {
      const rounds: { alone: Window; crowded: Window }[] = []
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first: the machine's speed drifts within minutes.
        const crowdedFirst = round % 2 === 1
        const first = await measureOn(crowdedFirst ? crowded : alone, measure)
        const second = await measureOn(crowdedFirst ? alone : crowded, measure)
        rounds.push(crowdedFirst ? { crowded: first, alone: second } : { alone: first, crowded: second })
      }
      const ratio = (r: (typeof rounds)[number]) => r.crowded.result.rps / r.alone.result.rps
      const middle = [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(ROUNDS / 2)]!
      const cpu = (side: 'alone' | 'crowded') => median(rounds.map((r) => r[side].cpuMsPerRequest)).toFixed(2)
      console.log(
        `[many-guilds] ${measure.name}: ${GUILDS} guilds ÷ 1 guild by round ` +
          `${rounds.map((r) => `${(ratio(r) * 100).toFixed(0)} %`).join(', ')}; ` +
          `p99 ${median(rounds.map((r) => r.crowded.result.p99)).toFixed(1)} vs ` +
          `${median(rounds.map((r) => r.alone.result.p99)).toFixed(1)} ms`,
      )
      bench.lines.push({
        name:
          `${GUILDS} guilds ÷ the guild alone: ${measure.name}; server CPU per request ` +
          `${cpu('crowded')} vs ${cpu('alone')} ms (median of ${ROUNDS} rounds)`,
        value: middle.crowded.result.rps,
        unit: measure.unit,
        baseline: middle.alone.result.rps,
        goal: `≥ ${GOAL * 100} %`,
        pass: ratio(middle) >= GOAL,
      })
    }
  } finally {
    await crowded?.close()
    await alone.close()
  }
}
