// `npm start` run the way a newcomer runs it, in its own process group, and timed from outside: how long
// until it answers the page (GET /, served while the database opens) and the API (health), whether it built
// anything first, and how it ends after SIGTERM (exit code, processes left behind, the data folder's lock).
// Used by scripts/start-time.ts and by the start bench (scripts/bench/start.bench.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'

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

/** Every live process's parent, group and CPU time (user + system, with the children it collected), in ms. */
function processes(): { pid: number; ppid: number; pgrp: number; cpuMs: number }[] {
  const found = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    // Fields after the command name (in parentheses, may hold spaces): state is field 3, ppid 4, pgrp 5,
    // utime 14 … cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0)
    found.push({ pid: Number(pid), ppid: Number(fields[1]), pgrp: Number(fields[2]), cpuMs: ticks * 10 }) // USER_HZ 100
  }
  return found
}

/**
 * CPU time used so far by the live processes of the group, with the children they have collected. Unlike
 * the time to the first answer it hardly depends on what else the machine runs, so starts measured at
 * different loads compare.
 */
function groupCpuMs(pgid: number): number {
  return processes()
    .filter((p) => p.pgrp === pgid)
    .reduce((sum, p) => sum + p.cpuMs, 0)
}

/** A live process's parent. */
export function parentPid(pid: number): number {
  const found = processes().find((p) => p.pid === pid)
  if (!found) throw new Error(`no process ${pid}`)
  return found.ppid
}

/** The postmaster of a PostgreSQL database: the parent of one of its connections' backend. */
export async function postmasterOf(database: Database): Promise<number> {
  const backend = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[]
  }
  return parentPid(backend.rows[0]!.pid)
}

/**
 * CPU time used so far by a server and its direct children (PostgreSQL: the postmaster, its backends and
 * workers; the backends that ended are in the postmaster's collected time).
 */
export function treeCpuMs(rootPid: number): number {
  return processes()
    .filter((p) => p.pid === rootPid || p.ppid === rootPid)
    .reduce((sum, p) => sum + p.cpuMs, 0)
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

type StartOptions = { dataDir: string; port: number; command?: string; env?: Record<string, string> }

/**
 * `npm start` (or `command`, through sh) in its own process group, on the embedded database unless `env`
 * gives a DATABASE_URL.
 */
function spawnStart({ dataDir, port, command, env }: StartOptions) {
  const [file, args] = command ? ['sh', ['-c', command]] : ['npm', ['start']]
  const child: ChildProcess = spawn(file, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  })
  // What it printed (stdout): whether it built first.
  const printed = { text: '' }
  child.stdout?.on('data', (d) => (printed.text += d))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return { child, printed, exited }
}

/** SIGTERM, then up to 20 s for the exit; whatever of the group is left after that is killed. */
async function stopStart(child: ChildProcess, exited: Promise<number | null>) {
  const stopAt = performance.now()
  child.kill('SIGTERM')
  const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)])
  const stopMs = performance.now() - stopAt
  await sleep(500)
  const left = groupMembers(child.pid!)
  if (left.length > 0) process.kill(-child.pid!, 'SIGKILL')
  return { code, stopMs, left }
}

/**
 * `npm start` serving until `stop()`, for load from outside (scripts/bench/shipped.bench.ts): answers once
 * the API does, with the CPU time its process group has used so far (`cpuMs()`, from /proc).
 */
export async function startServing(options: StartOptions) {
  const { child, exited } = spawnStart(options)
  const base = `http://127.0.0.1:${options.port}`
  const started = performance.now()
  while (child.exitCode === null) {
    if (performance.now() - started > 300_000) break
    try {
      const res = await fetch(`${base}/api/v1/health`)
      await res.arrayBuffer()
      if (res.ok) return { base, cpuMs: () => groupCpuMs(child.pid!), stop: () => stopStart(child, exited) }
    } catch {}
    await sleep(50)
  }
  await stopStart(child, exited)
  throw new Error('npm start did not answer within 5 minutes')
}

/**
 * One start of `npm start` (or `command`, through sh) on `dataDir`, on the embedded database unless `env`
 * gives a DATABASE_URL; stopped with SIGTERM once the API answered.
 */
export async function timeOneStart(options: StartOptions): Promise<StartResult> {
  const { dataDir, port } = options
  const started = performance.now()
  const { child, printed, exited } = spawnStart(options)
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
  const { code, stopMs, left } = await stopStart(child, exited)
  return {
    built: printed.text.includes('Building ') || printed.text.includes('built in'),
    firstPageMs,
    firstAnswerMs,
    cpuMs,
    stopMs,
    code,
    left,
    lockLeft: existsSync(join(dataDir, 'lootqueue.lock')),
  }
}
