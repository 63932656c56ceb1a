// node --import tsx scripts/start-time.ts [runs] [command]: runs `npm start` (or `command`, through sh, e.g.
// the old start line "npm run build && tsx server/main.ts" to compare) the way a newcomer does, on one fresh
// DATA_DIR, and prints for each start how long it took to answer the page (GET /, served while the database
// opens) and the API (health), and how it ended after SIGTERM to the process it started (exit code, processes
// left behind, data-folder lock). Not a test: the numbers go in issue notes (issue 13: a start on existing
// data answers within 2 s).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../server/test/free-port'

const runs = Number(process.argv[2] ?? 3)
const command = process.argv[3]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Live processes still in the group npm started (its own group, since it is spawned detached). Zombies are
 * left out: they have exited and only wait for init to collect them.
 */
function groupMembers(pgid: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' })
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, group, stat]) => Number(group) === pgid && !stat?.startsWith('Z'))
    .map((fields) => fields.join(' '))
}

/**
 * CPU time (user + system) used so far by the live processes of the group, with the children they have
 * collected. Unlike the time to the first answer it hardly depends on what else the machine runs, so
 * starts measured at different loads compare.
 */
function groupCpuMs(pgid: number): number {
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    // Fields after the command name (in parentheses, may hold spaces): state is field 3, pgrp 5, utime 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== pgid) continue
    ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0)
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

async function oneStart(dataDir: string, port: number) {
  const started = performance.now()
  const [file, args] = command ? ['sh', ['-c', command]] : ['npm', ['start']]
  const child: ChildProcess = spawn(file, args, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  let firstPageMs = Number.NaN
  let firstAnswerMs = Number.NaN
  let cpuMs = Number.NaN
  while (child.exitCode === null && performance.now() - started < 300_000) {
    try {
      // The page a browser asks for first (served while the database opens), then the API.
      if (Number.isNaN(firstPageMs)) {
        const page = await fetch(`http://127.0.0.1:${port}/`)
        await page.arrayBuffer()
        if (page.ok) firstPageMs = performance.now() - started
      }
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      await res.arrayBuffer()
      if (res.ok) {
        firstAnswerMs = performance.now() - started
        cpuMs = groupCpuMs(child.pid!)
        break
      }
    } catch {}
    await sleep(20)
  }
  const stopAt = performance.now()
  child.kill('SIGTERM')
  const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)])
  const stopMs = performance.now() - stopAt
  await sleep(500)
  const left = groupMembers(child.pid!)
  if (left.length > 0) process.kill(-child.pid!, 'SIGKILL')
  return {
    built: output.includes('Building ') || output.includes('built in'),
    firstPageMs,
    firstAnswerMs,
    cpuMs,
    stopMs,
    code,
    left,
    lockLeft: existsSync(join(dataDir, 'lootqueue.lock')),
  }
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 1).join('')
const dataDir = mkdtempSync(join(tmpdir(), 'lq-start-'))
console.log(`${command ?? 'npm start'} (load average ${load()} at the start)`)
try {
  for (let run = 0; run <= runs; run++) {
    const r = await oneStart(dataDir, await freePort())
    const label = run === 0 ? 'first start (fresh data folder)' : `start ${run} on existing data`
    console.log(
      `${label.padEnd(32)} ${r.built ? 'built,'.padEnd(18) : 'no build,'.padEnd(18)} page ${r.firstPageMs.toFixed(0).padStart(6)} ms, API ${r.firstAnswerMs.toFixed(0).padStart(6)} ms (CPU ${r.cpuMs.toFixed(0).padStart(5)} ms) | SIGTERM → exit ${String(r.code).padEnd(7)} in ${r.stopMs.toFixed(0)} ms | processes left: ${r.left.length}${r.left.length ? ` (${r.left.join('; ')})` : ''} | lock file left: ${r.lockLeft}`,
    )
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
