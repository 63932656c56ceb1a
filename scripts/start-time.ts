// node --import tsx scripts/start-time.ts [runs] [command]: runs `npm start` (or `command`, through sh, e.g.
// the old start line "npm run build && tsx server/main.ts" to compare) the way a newcomer does, on one fresh
// DATA_DIR, and prints for each start how long it took to answer the page (GET /, served while the database
// opens) and the API (health), and how it ended after SIGTERM to the process it started (exit code, processes
// left behind, data-folder lock). Not a test: the numbers go in issue notes. `npm run bench` holds the same
// starts to issue 13's goal (scripts/bench/start.bench.ts: a start on existing data answers within 2 s).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../server/test/free-port'
import { timeOneStart } from './bench/npm-start'

const runs = Number(process.argv[2] ?? 3)
const command = process.argv[3]

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 1).join('')
const dataDir = mkdtempSync(join(tmpdir(), 'lq-start-'))
console.log(`${command ?? 'npm start'} (load average ${load()} at the start)`)
try {
  for (let run = 0; run <= runs; run++) {
    const r = await timeOneStart({ dataDir, port: await freePort(), command })
    const label = run === 0 ? 'first start (fresh data folder)' : `start ${run} on existing data`
    console.log(
      `${label.padEnd(32)} ${r.built ? 'built,'.padEnd(18) : 'no build,'.padEnd(18)} page ${r.firstPageMs.toFixed(0).padStart(6)} ms, API ${r.firstAnswerMs.toFixed(0).padStart(6)} ms (CPU ${r.cpuMs.toFixed(0).padStart(5)} ms) | SIGTERM → exit ${String(r.code).padEnd(7)} in ${r.stopMs.toFixed(0)} ms | processes left: ${r.left.length}${r.left.length ? ` (${r.left.join('; ')})` : ''} | lock file left: ${r.lockLeft}`,
    )
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
