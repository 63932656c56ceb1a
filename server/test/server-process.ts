import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, beforeAll } from 'vitest'
import { type Database, openPostgres } from '../db/client'
import { freePort } from './free-port'
import { clonePostgresTemplate, type TestContext } from './harness'

// A real server process (server/main.ts) on a PostgreSQL database (or an embedded one in a data folder), for
// tests of what several processes behind a load balancer do together, and of how a process starts and stops.

export type Proc = { url: string; child: ChildProcess; log: () => string }

type StartOptions = { env?: Record<string, string>; startTimeoutMs?: number }

/** `database`: a PostgreSQL URL, or the data folder of an embedded database. */
export async function startProcess(
  database: string | { dataDir: string },
  authSecret: string,
  options: StartOptions = {},
): Promise<Proc> {
  const where =
    typeof database === 'string'
      ? { DATABASE_URL: database }
      : { DATABASE_URL: '', DATA_DIR: database.dataDir, BACKUP_KEEP: '0' }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: url,
      ...where,
      AUTH_SECRET: authSecret,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const deadline = Date.now() + (options.startTimeoutMs ?? 45_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child, log: () => log }
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start:\n${log}`)
}

export async function stopProcess(proc: Proc | undefined) {
  if (!proc || proc.child.exitCode !== null) return
  const exited = new Promise((r) => proc.child.once('exit', r))
  proc.child.kill('SIGTERM')
  await exited
}

export type TwoProcesses = {
  one: Proc
  two: Proc
  /** The processes' database, for reading what they wrote. */
  database: Database
  /** What the factories need (the database, the secret and a clock) to build data the processes see. */
  factoryCtx: TestContext
}

/**
 * Two server processes on one fresh PostgreSQL database (a clone of the migrated template), started before
 * the calling describe's tests and stopped after them. The fields are set once beforeAll has run.
 */
export function twoServerProcesses(
  prefix: string,
  authSecret: string,
  options: StartOptions & { hookTimeoutMs?: number } = {},
): TwoProcesses {
  const procs = {} as TwoProcesses
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const clone = await clonePostgresTemplate(prefix)
    drop = clone.drop
    procs.database = await openPostgres(clone.url, { max: 3 })
    procs.factoryCtx = {
      database: procs.database,
      deps: { env: { AUTH_SECRET: authSecret }, now: () => new Date() },
    } as unknown as TestContext
    ;[procs.one, procs.two] = await Promise.all([
      startProcess(clone.url, authSecret, options),
      startProcess(clone.url, authSecret, options),
    ])
  }, options.hookTimeoutMs)
  afterAll(async () => {
    await Promise.all([stopProcess(procs.one), stopProcess(procs.two)])
    await procs.database?.close()
    await drop?.()
  })
  return procs
}
