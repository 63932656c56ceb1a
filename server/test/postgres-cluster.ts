import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port'

// A throwaway PostgreSQL cluster for tests and benchmarks, built from the machine's own binaries.

export function findPostgresBin(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (onPath) return join(onPath, '..')
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin')
  return null
}

export type Cluster = {
  url: (database: string) => string
  /** Stops the server and removes the cluster. */
  stop: () => void
  /**
   * Stops the server, keeping its data: `immediate` is a crash (no checkpoint), `fast` a clean stop. Without
   * blocking this process, so requests a test has under way go on meanwhile.
   */
  pause: (mode?: 'fast' | 'immediate') => Promise<void>
  /** Starts it again on the same port and data, as after a restart; resolves once it accepts connections. */
  resume: () => Promise<void>
}

/**
 * `durable`: PostgreSQL's own durability (fsync, synchronous commit, full pages) instead of the test
 * settings that trade it for speed, for a test that crashes the server and counts what survived, and for the
 * benches (scripts/bench.ts), which measure what ships. `settings`: more server settings (`name=value`).
 */
export async function startCluster({ durable = false, settings = [] as string[] } = {}): Promise<Cluster> {
  const bin = findPostgresBin()
  if (!bin) throw new Error('No PostgreSQL binaries found (initdb)')
  const dir = mkdtempSync(join(tmpdir(), 'lq-pg-'))
  const dataDir = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  // initdb refuses to run as root: run the server as the machine's postgres user.
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args]
  const run = (cmd: string, args: string[]) => execFileSync(...command(cmd, args), { stdio: 'pipe' })
  const runAsync = async (cmd: string, args: string[]) => {
    await promisify(execFile)(...command(cmd, args))
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chmodSync(dir, 0o755)
    chownSync(dir, uid, gid)
  }
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const port = await freePort()
  // PG_CLUSTER_OPTIONS: more server settings, for a look inside a bench run (e.g. `-c
  // shared_preload_libraries=pg_stat_statements`, then query pg_stat_statements).
  const extra = process.env.PG_CLUSTER_OPTIONS ?? ''
  const speed = durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  const given = settings.map((setting) => `-c ${setting}`).join(' ')
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${speed} -c max_connections=200 ${given} ${extra}`
  const startArgs = ['-D', dataDir, '-o', opts, '-w', '-t', '60', '-l', join(dir, 'log'), 'start']
  const stopArgs = (mode: 'fast' | 'immediate') => ['-D', dataDir, '-m', mode, '-w', 'stop']
  run('pg_ctl', startArgs)
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      try {
        run('pg_ctl', stopArgs('immediate'))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    pause: (mode = 'immediate') => runAsync('pg_ctl', stopArgs(mode)),
    resume: () => runAsync('pg_ctl', startArgs),
  }
}
