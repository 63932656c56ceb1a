// `npm start` run the way a newcomer runs it, in its own process group, and timed from outside: how long
// until it answers the page (GET /, served while the database opens) and the API (health), whether it built
// anything first, and how it ends after SIGTERM (exit code, processes left behind, the data folder's lock).
// Used by scripts/start-time.ts and by the start bench (scripts/bench/start.bench.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

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

export type StartResult = {
  /** The start built the web app or the server first. */
  built: boolean
  firstPageMs: number
  /** NaN: the API never answered (within 5 minutes, or the process exited). */
  firstAnswerMs: number
  cpuMs: number
  stopMs: number
  code: number | null | 'timeout'
  left: string[]
  lockLeft: boolean
}

/**
 * One start of `npm start` (or `command`, through sh) on `dataDir`, on the embedded database unless `env`
 * gives a DATABASE_URL; stopped with SIGTERM once the API answered.
 */
export async function timeOneStart(options: {
  dataDir: string
  port: number
  command?: string
  env?: Record<string, string>
}): Promise<StartResult> {
  const { dataDir, port, command } = options
  const started = performance.now()
  const [file, args] = command ? ['sh', ['-c', command]] : ['npm', ['start']]
  const child: ChildProcess = spawn(file, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
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
