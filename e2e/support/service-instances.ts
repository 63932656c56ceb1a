import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

// The app's processes as systemd runs them from deploy/systemd/lootqueue@.service (its ExecStart and
// Environment lines, the instance being the port), under a small stand-in for systemd: a process that
// exits is started again, and `restartCommand` is what `systemctl restart lootqueue@PORT` does (SIGTERM,
// wait for the exit, start anew).

const UNIT = resolve('deploy/systemd/lootqueue@.service')

type Unit = { args: string[]; env: Record<string, string> }

/** ExecStart's arguments after the node binary, and the Environment= lines, for instance `port`. */
export function unitFor(port: number): Unit {
  const text = readFileSync(UNIT, 'utf8')
  const lines = text.split('\n').map((l) => l.trim())
  const execStart = lines
    .find((l) => l.startsWith('ExecStart='))
    ?.slice('ExecStart='.length)
    .split(/\s+/)
  if (execStart?.[0] !== '/usr/bin/node') throw new Error(`${UNIT}: ExecStart does not run /usr/bin/node`)
  const env: Record<string, string> = {}
  for (const line of lines.filter((l) => l.startsWith('Environment='))) {
    const [name, ...value] = line.slice('Environment='.length).split('=')
    env[name!] = value.join('=').replaceAll('%i', String(port))
  }
  return { args: execStart.slice(1), env }
}

export type ServiceInstances = {
  ports: number[]
  /** deploy/rolling-restart's LQ_RESTART: restarts instance {port} and returns once the old one exited. */
  restartCommand: string
  /** How many times each port's process was started. */
  starts: (port: number) => number
  /** What the processes printed (the newest process's last). */
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts one process per port (as `systemctl start lootqueue@PORT`), `envOf(port)` standing for the env
 * file. As docs/operations.md has it, the first one alone until it answers (it migrates the database),
 * then the others.
 */
export async function startInstances(
  ports: number[],
  envOf: (port: number) => Record<string, string>,
): Promise<ServiceInstances> {
  const pidDir = mkdtempSync(join(tmpdir(), 'lq-instances-'))
  const children = new Map<number, ChildProcess>()
  const startCounts = new Map<number, number>()
  let stopping = false
  let log = ''

  const start = (port: number) => {
    const unit = unitFor(port)
    const child = spawn(process.execPath, unit.args, {
      env: { ...process.env, ...unit.env, ...envOf(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d) => (log += `[${port}] ${d}`))
    child.stderr?.on('data', (d) => (log += `[${port}] ${d}`))
    children.set(port, child)
    startCounts.set(port, (startCounts.get(port) ?? 0) + 1)
    writeFileSync(join(pidDir, `${port}.pid`), String(child.pid))
    child.once('exit', (code, signal) => {
      log += `[${port}] exited with ${code ?? signal}\n`
      if (!stopping) start(port)
    })
  }
  for (const port of ports) {
    start(port)
    await waitHealthy([port])
  }

  const pidFile = join(pidDir, '{port}.pid')
  return {
    ports,
    restartCommand: `pid=$(cat ${pidFile}); kill -TERM "$pid"; while [ "$(cat ${pidFile})" = "$pid" ]; do sleep 0.05; done`,
    starts: (port) => startCounts.get(port) ?? 0,
    output: () => log,
    stop: async () => {
      stopping = true
      await Promise.all(
        [...children.values()].map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((r) => child.once('exit', r))
          child.kill('SIGTERM')
          await exited
        }),
      )
      rmSync(pidDir, { recursive: true, force: true })
    },
  }
}

/** Resolves once every port answers `path` with 200 (the processes migrate and load first). */
export async function waitHealthy(ports: number[], path = '/api/v1/health', timeoutMs = 85_000) {
  const deadline = Date.now() + timeoutMs
  for (const port of ports) {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) break
      } catch {}
      if (Date.now() > deadline) throw new Error(`port ${port} did not answer ${path}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}
