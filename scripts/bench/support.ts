import type { Database } from '../../server/db/client'
import { formatLine, type Line, lineHeader } from './load'

export type Result = { name: string; count: number; opsPerSec: number; p50: number; p99: number; max: number }
export type BenchContext = {
  engine: 'pglite' | 'postgres'
  openDatabase: () => Promise<Database>
  results: Result[]
  /** HTTP figures against the bare Hono baseline, with their goals. */
  lines: Line[]
  /** The bare Hono hello-world's req/s (16 connections), measured once per engine run. */
  baseline: () => Promise<number>
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0

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
  console.log(`\n## ${engine}: HTTP, against a bare Hono hello-world in the same run`)
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
