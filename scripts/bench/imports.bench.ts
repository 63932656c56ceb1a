// The largest import the limits allow (50,000 rows: 20 items, 980 players with a queue column per item,
// 49,000 loot rows), through the served app: the preview that checks it, then the import that writes it.
// Issue 17's goal: 10 s on PostgreSQL. Set beside a signed-in guild read of the same run, so a busy machine
// shows as a slower reference rather than as a slower import.
import { bigImport } from '../../server/modules/imports/imports.test-support'
import { buildGuild } from '../../server/test/factories'
import { medianMs } from '../../server/test/timing'
import { serveBenchApp } from './served-app'
import type { BenchContext } from './support'

const GOAL_MS = 10_000

export default async function importsBench(bench: BenchContext) {
  const { ctx, close } = await serveBenchApp(bench)
  try {
    const { admin } = await buildGuild(ctx, { name: `Bench Import ${Date.now()}` })
    const body = { files: bigImport().files, timeZone: 'UTC' }
    const reference = await medianMs(() => admin.request('GET', '/api/v1/guild'), 15)

    const timed = async (path: string) => {
      const started = performance.now()
      const res = await admin.request('POST', path, body)
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
      return performance.now() - started
    }
    const previewMs = await timed('/api/v1/guild/import/preview')
    const importMs = await timed('/api/v1/guild/import')
    const inReads = (ms: number) => `${Math.round(ms / reference).toLocaleString('en')} guild reads`

    bench.lines.push(
      {
        name: 'signed-in guild read (reference), median',
        value: reference,
        unit: 'ms',
        goal: '—',
        pass: true,
      },
      {
        name: `import preview, 50,000 rows (= ${inReads(previewMs)})`,
        value: previewMs,
        unit: 'ms',
        goal: '—',
        pass: true,
      },
      {
        name: `import, 50,000 rows (= ${inReads(importMs)})`,
        value: importMs,
        unit: 'ms',
        goal: bench.engine === 'postgres' ? '≤ 10,000 ms' : 'reported (one in-process connection)',
        pass: bench.engine === 'pglite' || importMs <= GOAL_MS,
      },
    )
  } finally {
    await close()
  }
}
