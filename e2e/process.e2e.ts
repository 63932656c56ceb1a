import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { signUpAndConfirm } from './support/accounts'
import { SERVER_ENTRY, startServer } from './support/server'
import { freePort } from '../server/test/free-port'

const runMain = (env: Record<string, string>) =>
  spawnSync(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    // What is checked is the exit code and the one line, not the time (a loaded 2-core machine is slow).
    timeout: 90_000,
  })

/** A process's state as `ps` prints it ('S', 'Z' …), '' once it is gone. */
function processState(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

async function waitFor(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 120_000
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('the server process', () => {
  it('refuses a second process on the same data folder, and exits 0 on SIGTERM keeping its data', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lq-proc-'))
    const first = await startServer({}, { dataDir })
    const second = runMain({ PORT: '0', DATA_DIR: dataDir })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`The data folder ${dataDir} is in use by process`)
    expect(await (await fetch(`${first.url}/api/v1/health`)).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    })
    expect(await first.stop()).toBe(0)
  })

  it('starts again on the data folder of a server killed with kill -9 that is still a zombie', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lq-proc-'))
    cpSync(inject('migratedPgliteDir'), join(dataDir, 'pglite'), { recursive: true })
    const port = await freePort()
    // Started by a shell that then becomes `sleep`, which never reaps it: once killed, the server stays a
    // zombie, as under `npm start` when nothing had collected it yet (issue 43, point 15).
    const parent = spawn(
      'sh',
      ['-c', '"$@" & echo $!; exec sleep 600', 'sh', process.execPath, SERVER_ENTRY],
      {
        env: { ...npmEnv(dataDir, port), APP_URL: `http://localhost:${port}` },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    try {
      const pid = Number(String(await new Promise((r) => parent.stdout!.once('data', r))).trim())
      await waitFor(
        'the first server',
        async () => (await fetch(`http://localhost:${port}/api/v1/health`)).ok,
      )
      process.kill(pid, 'SIGKILL')
      await waitFor('the zombie', async () => processState(pid).startsWith('Z'))
      expect(readFileSync(join(dataDir, 'lootqueue.lock'), 'utf8')).toMatch(new RegExp(`^${pid}\\b`))

      const second = await startServer({}, { dataDir })
      expect(await (await fetch(`${second.url}/api/v1/health`)).json()).toEqual({
        status: 'ok',
        database: 'pglite',
      })
      expect(await second.stop()).toBe(0)
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('stops at once with one line naming a bad variable', { timeout: 120_000 }, () => {
    const result = runMain({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'lq-proc-')) })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid environment variable PORT: Invalid input: expected number, received NaN',
    ])
  })
})

// What a newcomer (or a container runtime, or systemd) does: `npm start` in the project folder, then SIGTERM
// to the process it started, which is npm.

type NpmRun = { child: ChildProcess; exited: Promise<number | null>; output: () => string }

const npmEnv = (dataDir: string, port: number) => ({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  APP_URL: '',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  SMTP_URL: '',
  STRIPE_SECRET_KEY: '',
})

/** `npm <args>` in its own process group, so what it leaves behind can be found afterwards. */
function npm(args: string[], env: NodeJS.ProcessEnv): NpmRun {
  let log = ''
  const child = spawn('npm', args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return { child, exited, output: () => log }
}

async function npmStart(dataDir: string, port: number): Promise<NpmRun> {
  const run = npm(['start'], npmEnv(dataDir, port))
  // A first start may build the web app and create the database.
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`)
    try {
      if ((await fetch(`http://localhost:${port}/api/v1/health`)).ok) return run
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`npm start did not answer:\n${run.output()}`)
}

/** Live processes of the group npm led (zombies have exited already: they only wait to be collected). */
function processesLeft(pgid: number): string[] {
  return execFileSync('ps', ['-eo', 'pgid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([group, stat]) => Number(group) === pgid && !stat?.startsWith('Z'))
    .map((fields) => fields.slice(2).join(' '))
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createServer()
    probe.once('error', () => resolvePort(false))
    probe.listen(port, () => probe.close(() => resolvePort(true)))
  })
}

/** What stopNpm sees of a clean stop: exit 0, no process left, the port free, the data folder unlocked. */
const STOPPED_CLEANLY = { code: 0, left: [], portFree: true, lockFile: false }

/** SIGTERM to npm; resolves once npm exited, with what is left of the run. */
async function stopNpm(run: NpmRun, dataDir: string, port: number) {
  run.child.kill('SIGTERM')
  const code = await run.exited
  const left = processesLeft(run.child.pid!)
  if (left.length > 0) process.kill(-run.child.pid!, 'SIGKILL')
  return {
    code,
    left,
    portFree: await portIsFree(port),
    lockFile: existsSync(join(dataDir, 'lootqueue.lock')),
  }
}

/** A new guild, its address confirmed: a guild has a public page from then on (docs/product-rules.md). */
async function signUpGuild(port: number, guildName: string) {
  return (await signUpAndConfirm(`http://localhost:${port}`, { guildName, language: 'en' })).slug
}

const guildGate = async (port: number, slug: string) =>
  (await fetch(`http://localhost:${port}/api/v1/public/guilds/${slug}`)).status

describe('npm start, stopped the way a service manager stops it', () => {
  const folders: string[] = []
  const fresh = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    folders.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  })

  it('SIGTERM to npm: exit 0, no process left, port and data folder released, data there on the next start', {
    timeout: 400_000,
  }, async () => {
    const dataDir = fresh('lq-npm-start-')
    const port = await freePort()

    // Built already (npm install, npm run test:e2e): the compiled server, nothing built at the start.
    const first = await npmStart(dataDir, port)
    expect(first.output()).not.toContain('Building ')
    const slug = await signUpGuild(port, 'Newcomer Guild')
    expect(await guildGate(port, slug)).toBe(200)
    expect(await stopNpm(first, dataDir, port)).toEqual(STOPPED_CLEANLY)

    const second = await npmStart(dataDir, port)
    expect(second.output()).not.toContain('Building ')
    expect(await guildGate(port, slug)).toBe(200)
    expect(await stopNpm(second, dataDir, port)).toEqual(STOPPED_CLEANLY)
  })

  it('npm run backup while the server runs, npm run restore into a new data folder: the guild is there', {
    timeout: 400_000,
  }, async () => {
    const dataDir = fresh('lq-npm-backup-')
    const port = await freePort()
    const dump = join(fresh('lq-npm-dump-'), 'backup.jsonl.gz')

    const running = await npmStart(dataDir, port)
    const slug = await signUpGuild(port, 'Backed Up Guild')
    const backup = npm(['run', 'backup', '--', dump], npmEnv(dataDir, port))
    expect(await backup.exited, backup.output()).toBe(0)
    expect(backup.output()).toContain('asking it for a snapshot')
    expect(readdirSync(join(dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz'))).toHaveLength(1)
    expect(await stopNpm(running, dataDir, port)).toEqual(STOPPED_CLEANLY)

    const restoredDir = fresh('lq-npm-restored-')
    const restore = npm(['run', 'restore', '--', dump], npmEnv(restoredDir, port))
    expect(await restore.exited, restore.output()).toBe(0)
    expect(restore.output()).toMatch(/Restored \d+ rows/)

    const onRestored = await npmStart(restoredDir, port)
    expect(await guildGate(port, slug)).toBe(200)
    expect(await stopNpm(onRestored, restoredDir, port)).toEqual(STOPPED_CLEANLY)
  })
})
