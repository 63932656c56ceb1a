// A start on existing data (issue 13: `npm start` answers its first request within 2 s, building nothing):
// `npm start` as a newcomer runs it, in its own process, on each engine. The first start (a fresh data folder,
// or a new PostgreSQL database) creates and migrates the database; the next ones start on what it left.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../server/test/free-port'
import { timeOneStart } from './npm-start'
import { BENCH_AUTH_SECRET, type BenchContext, median } from './support'

const STARTS_ON_EXISTING_DATA = 3
const GOAL_MS = 2000

export default async function startBench(bench: BenchContext) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lq-bench-start-'))
  const env: Record<string, string> =
    bench.engine === 'postgres'
      ? { DATABASE_URL: await bench.newDatabaseUrl(), AUTH_SECRET: BENCH_AUTH_SECRET }
      : {}
  try {
    const first = await timeOneStart({ dataDir, port: await freePort(), env })
    const starts = []
    for (let i = 0; i < STARTS_ON_EXISTING_DATA; i++)
      starts.push(await timeOneStart({ dataDir, port: await freePort(), env }))
    const each = starts.map((s) => `${s.firstAnswerMs.toFixed(0)} ms${s.built ? ' (built)' : ''}`)
    console.log(
      `[start] ${bench.engine}: first start ${first.firstAnswerMs.toFixed(0)} ms; on existing data: ${each.join(', ')}`,
    )
    // A start that never answered, built something, or did not stop cleanly fails the line, whatever its time.
    const clean = starts.every((s) => !Number.isNaN(s.firstAnswerMs) && !s.built && s.code === 0)
    const ms = median(starts.map((s) => s.firstAnswerMs))
    bench.lines.push({
      name: `npm start on existing data: first API answer, no build (median of ${STARTS_ON_EXISTING_DATA} starts)`,
      value: ms,
      unit: 'ms',
      goal: `≤ ${GOAL_MS} ms`,
      pass: clean && ms <= GOAL_MS,
    })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
