import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from './free-port'

// A real server process (server/main.ts) on a PostgreSQL database, for tests of what several processes
// behind a load balancer do together.

export type Proc = { url: string; child: ChildProcess; log: () => string }

export async function startProcess(
  databaseUrl: string,
  authSecret: string,
  options: { env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<Proc> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: databaseUrl,
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
