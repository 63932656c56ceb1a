import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { freePort } from '../../server/test/free-port'

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  /** SIGTERM, wait for the exit, remove the data folder; resolves to the exit code. */
  stop: () => Promise<number | null>
  output: () => string
}

/** What `npm start` runs (scripts/builds.ts builds it): the journeys test the server users run. */
export const SERVER_ENTRY = 'dist/server/main.js'

/**
 * A new data folder. In the journeys it holds a copy of the migrated embedded database (global-setup.ts);
 * the measuring scripts (scripts/measure-*.ts) run outside Vitest and start on an empty one.
 */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lq-e2e-'))
  if (process.env.VITEST) cpSync(inject('migratedPgliteDir'), join(dir, 'pglite'), { recursive: true })
  return dir
}

/**
 * Starts the built app and server (npm run build first) on a free port or `options.port`: in
 * `options.dataDir` as it is, or by default in a fresh folder (freshDataDir). `keepDataDir`: stop leaves the
 * folder, for a server started again on it.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? freshDataDir()
  const url = `http://localhost:${port}`
  let log = ''
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (log += d))
  child.stderr?.on('data', (d) => (log += d))
  // Within the journeys' 90 s hook limit; a server that never answered fails here, with its log, instead of
  // every test after it failing with ECONNREFUSED.
  const deadline = Date.now() + 85_000
  let healthy = false
  while (!healthy && Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`)
    try {
      healthy = (await fetch(`${url}/api/v1/health`)).ok
    } catch {}
    if (!healthy) await new Promise((r) => setTimeout(r, 200))
  }
  if (!healthy) {
    child.kill('SIGTERM')
    throw new Error(`server did not answer /api/v1/health within 85 s:\n${log}`)
  }
  return {
    url,
    port,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true })
      return child.exitCode
    },
  }
}
