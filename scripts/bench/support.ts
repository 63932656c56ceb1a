import type { Database } from '../../server/db/client'
import {
  type Baseline,
  formatLine,
  type Line,
  type LoadOptions,
  type LoadResult,
  lineHeader,
  load,
} from './load'

/** The AUTH_SECRET of the app the benches run (in process, or started with `npm start`). */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-00'

export type Result = { name: string; count: number; opsPerSec: number; p50: number; p99: number; max: number }
export type BenchContext = {
  engine: 'pglite' | 'postgres'
  openDatabase: () => Promise<Database>
  /** A new, empty database in the bench's PostgreSQL cluster, as a URL (the PostgreSQL pass only). */
  newDatabaseUrl: () => Promise<string>
  results: Result[]
  /** HTTP figures against the bare Hono baseline, with their goals. */
  lines: Line[]
  /** The bare Hono hello-world's req/s (16 connections), measured once per engine run. */
  baseline: () => Promise<number>
  /** A figure of the app measured in rounds that alternate with the baseline (see `againstBaseline`). */
  againstBaseline: (measureApp: (window: LoadOptions) => Promise<LoadResult>) => Promise<Paired>
}

/** Rounds of the app and of the baseline, in turn, 16 connections each; one round's window. */
const ROUNDS = 5
const ROUND: LoadOptions = { connections: 16, seconds: 3, warmupSeconds: 1 }

export type Paired = {
  /** The round whose ratio is the median: its app figure and its own baseline. */
  median: { app: LoadResult; baseline: number }
  /** Every round's answers by status, added up: a goal needs them all right, not only the median's. */
  statuses: Record<string, number>
  /** The worst p99 of any round. */
  worstP99: number
  /** Every round's ratio (app / baseline), in the order measured. */
  ratios: number[]
}

/**
 * A ratio to the bare Hono baseline measured in alternating rounds, the app first in every other round, each
 * ratio taken against the baseline of its own round: this shared machine's speed drifts by a third within
 * minutes, and a baseline measured once, minutes before, moved ratios by more than the changes measured.
 */
export function againstBaseline(server: () => Promise<Baseline>) {
  return async (measureApp: (window: LoadOptions) => Promise<LoadResult>): Promise<Paired> => {
    const { url } = await server()
    const rounds: { app: LoadResult; baseline: number }[] = []
    for (let i = 0; i < ROUNDS; i++) {
      const appFirst = i % 2 === 1
      const first = appFirst ? await measureApp(ROUND) : await load(url, {}, ROUND)
      const second = appFirst ? await load(url, {}, ROUND) : await measureApp(ROUND)
      const [app, base] = appFirst ? [first, second] : [second, first]
      rounds.push({ app, baseline: base.rps })
    }
    const ratioOf = (round: (typeof rounds)[number]) => round.app.rps / round.baseline
    const sorted = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))
    const statuses: Record<string, number> = {}
    for (const { app } of rounds) {
      for (const [code, count] of Object.entries(app.statuses)) statuses[code] = (statuses[code] ?? 0) + count
    }
    return {
      median: sorted[Math.floor(sorted.length / 2)]!,
      statuses,
      worstP99: Math.max(...rounds.map((round) => round.app.p99)),
      ratios: rounds.map(ratioOf),
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0

/** The middle value (of an odd count; the lower middle of an even one). */
export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

/** Runs `fn` `count` times (after `warmup` untimed runs), `concurrency` at a time, and records latencies. */
export async function measure(
  ctx: BenchContext,
  name: string,
  fn: (i: number) => Promise<unknown>,
  {
    count = 200,
    warmup = 10,
    concurrency = 1,
  }: { count?: number; warmup?: number; concurrency?: number } = {},
) {
  for (let i = 0; i < warmup; i++) await fn(i)
  const samples: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        await fn(i)
        samples.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  samples.sort((a, b) => a - b)
  const result = {
    name,
    count,
    opsPerSec: count / elapsed,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.at(-1) ?? 0,
  }
  ctx.results.push(result)
  return result
}

export function printLines(engine: string, lines: Line[]) {
  if (lines.length === 0) return
  console.log(`\n## ${engine}: figures and goals (HTTP ones against a bare Hono hello-world in the same run)`)
  console.log(lineHeader)
  for (const line of lines) console.log(formatLine(line))
}

export function printResults(engine: string, results: Result[]) {
  if (results.length === 0) return
  console.log(`\n## ${engine}`)
  console.log('| benchmark | n | ops/s | p50 ms | p99 ms | max ms |')
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.count} | ${r.opsPerSec.toFixed(1)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`,
    )
  }
}
