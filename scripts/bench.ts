// npm run bench [-- name[,name…]]: runs every scripts/bench/*.bench.ts (or those whose file name holds one
// of the names; a bench that exports `onlyWhenNamed` runs only then) on PGlite and on a throwaway
// PostgreSQL cluster (or BENCH_DATABASE_URL), and prints one table per engine. Not a test: numbers go in
// issue notes.
// It runs bundled, as production runs the server (scripts/bench/bundle.ts).
import { readdirSync } from 'node:fs'
import { totalmem } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type Database, defaultPoolSize, openPglite, openPostgres } from '../server/db/client'
import { startCluster } from '../server/test/postgres-cluster'
import { type Baseline, load, startBaseline } from './bench/load'
import { formatSteal, cpuTimes, stealSince } from './bench/steal'
import { againstBaseline, type BenchContext, printLines, printResults, type Result } from './bench/support'
import type { Line } from './bench/load'

const filters = process.argv[2]?.split(',') ?? []
const dir = join(import.meta.dirname, 'bench')
// Bundled (scripts/bench/bundle.ts) they are .bench.js; run through tsx, .bench.ts.
const files = readdirSync(dir).filter(
  (f) => /\.bench\.[jt]s$/.test(f) && (filters.length === 0 || filters.some((name) => f.includes(name))),
)

/** Each app's PostgreSQL pool, as `npm start` opens it: DATABASE_POOL_SIZE (to compare sizes), else the
 * default. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE) || defaultPoolSize()

/** docs/operations.md, section 12 ("Scaling out"): the database gets a quarter of the host's memory. */
const QUARTER_OF_MEMORY = `${Math.floor(totalmem() / 4 / 2 ** 20)}MB`

/** The bare Hono hello-world, measured the way the HTTP benches measure the app (scripts/bench/load.ts). */
function baselineOnce(lines: Line[]) {
  let server: Promise<Baseline> | undefined
  let measured: Promise<number> | undefined
  const started = () => {
    server ??= startBaseline()
    return server
  }
  const baseline = () => {
    measured ??= (async () => {
      const result = await load((await started()).url, {}, { connections: 16, seconds: 5, warmupSeconds: 2 })
      lines.unshift({
        name: 'bare Hono hello-world, 16 connections',
        value: result.rps,
        unit: 'req/s',
        baseline: result.rps,
        goal: 'baseline',
        pass: true,
      })
      return result.rps
    })()
    return measured
  }
  const close = async () => {
    if (server) await (await server).close()
  }
  return { baseline, againstBaseline: againstBaseline(started), close }
}

async function withEngine(
  engine: 'pglite' | 'postgres',
  run: (ctx: Omit<BenchContext, 'results' | 'lines' | 'baseline' | 'againstBaseline'>) => Promise<void>,
) {
  let stop = () => {}
  let baseUrl = process.env.BENCH_DATABASE_URL
  if (engine === 'postgres' && !baseUrl) {
    // Production durability (fsync, synchronous commit, full pages), not the test cluster's shortcuts: the
    // figures are what a deployed database gives (issue 44: the same outside measure went from 516–638
    // receipts/s to 835/s with the shortcuts). And the memory docs/operations.md gives the database, a
    // quarter of the host's: with PostgreSQL's default 128 MB, ten thousand guilds (3 GB) no longer fit, and
    // the many-guilds bench measured that rather than the app (docs/performance.md).
    const cluster = await startCluster({ durable: true, settings: [`shared_buffers=${QUARTER_OF_MEMORY}`] })
    baseUrl = cluster.url('postgres')
    stop = cluster.stop
  }
  let counter = 0
  const newDatabaseUrl = async (): Promise<string> => {
    if (engine === 'pglite') throw new Error('newDatabaseUrl: the PostgreSQL pass only')
    const name = `lq_bench_${process.pid}_${counter++}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(baseUrl!)
    u.pathname = `/${name}`
    return u.toString()
  }
  const openDatabase = async (): Promise<Database> =>
    engine === 'pglite' ? openPglite() : openPostgres(await newDatabaseUrl(), { max: POOL_SIZE })
  try {
    await run({ engine, openDatabase, newDatabaseUrl })
  } finally {
    stop()
  }
}

// BENCH_ENGINES=postgres (or pglite) runs one engine only, for a quicker look at one figure.
const engines = (['pglite', 'postgres'] as const).filter(
  (engine) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(engine),
)
for (const engine of engines) {
  const results: Result[] = []
  const lines: Line[] = []
  const { baseline, againstBaseline, close } = baselineOnce(lines)
  const passStarted = cpuTimes()
  try {
    await withEngine(engine, async (base) => {
      for (const file of files) {
        const mod = (await import(join(dir, file))) as {
          default: (ctx: BenchContext) => Promise<void>
          /** Too long for every run (the ten-thousand-guilds seed): runs when its name is given. */
          onlyWhenNamed?: boolean
        }
        if (mod.onlyWhenNamed && filters.length === 0) continue
        const ctx = { ...base, results, lines, baseline, againstBaseline }
        const started = cpuTimes()
        await mod.default(ctx)
        console.log(
          `[${file.replace(/\.bench\.[jt]s$/, '')}] ${engine}: CPU time stolen by the host: ${formatSteal(stealSince(started))}`,
        )
      }
    })
  } finally {
    await close()
  }
  printResults(engine, results)
  printLines(engine, lines)
  console.log(
    `\nCPU time stolen by the host during the ${engine} pass (/proc/stat): ${formatSteal(stealSince(passStarted))}.`,
  )
  if (engine === 'postgres') {
    console.log(`\nEach app opened PostgreSQL as \`npm start\` does: a pool of ${POOL_SIZE} connections.`)
  }
}
