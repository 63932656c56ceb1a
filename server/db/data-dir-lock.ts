import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite takes no lock on its folder, and two processes writing it corrupt it. The lock file names its
 * owner by pid AND start time: a pid alone is no proof, since `kill(pid, 0)` calls a zombie alive (a killed
 * server its parent has not reaped yet) and pids are reused (a container's restart begins again with small
 * ones, so a stale lock may name a live process of the new container, even the new server itself). A lock
 * whose owner is gone, a zombie, or another process that now has the pid is stale and taken over.
 * Node has no OS-level file lock (flock) without a native addon, hence the proof in the file.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'lootqueue.lock')
  const own = processStart(process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, own ? `${process.pid} ${own.start}` : String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(file)
      if (owner && ownsLock(owner)) throw new DataDirInUseError(dataDir, owner.pid)
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`)
}

/** The folder is held by a running process (`pid`), usually the server: `npm run backup` asks it instead. */
export class DataDirInUseError extends Error {
  constructor(
    dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
    )
  }
}

/** What a lock file says: its owner's pid and start; `start` is absent in a lock of a version before it. */
type Owner = { pid: number; start?: string; writtenAtMs: number }

function readOwner(file: string): Owner | null {
  try {
    const [pid, start] = readFileSync(file, 'utf8').trim().split(' ')
    const owner = { pid: Number(pid), start, writtenAtMs: statSync(file).mtimeMs }
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null
  } catch {
    return null // removed meanwhile (its owner stopped), or unreadable: no owner to prove
  }
}

/** Whether the lock's owner still runs: the process with its pid is alive, no zombie, and started as it did. */
function ownsLock(owner: Owner): boolean {
  const running = processStart(owner.pid)
  if (running === undefined) return isAlive(owner.pid) // no way to tell a start (neither /proc nor ps)
  if (running === null || running.zombie) return false
  if (owner.start !== undefined) return running.start === owner.start
  // A lock written before locks held a start: its owner had started by the time it wrote the file.
  return owner.pid !== process.pid && (running.startedAtMs ?? 0) <= owner.writtenAtMs + 1000
}

type ProcessStart = { start: string; zombie: boolean; startedAtMs?: number }

/**
 * How a process can be told from a later one with the same pid: on Linux its start in clock ticks since
 * boot with the boot's id (/proc), elsewhere the start time `ps` prints. null: no such process; undefined:
 * this system tells neither.
 */
function processStart(pid: number): ProcessStart | null | undefined {
  const fromProc = procStart(pid)
  return fromProc !== undefined ? fromProc : psStart(pid)
}

function procStart(pid: number): ProcessStart | null | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch (error) {
    // ESRCH: it exited while being read.
    const code = (error as NodeJS.ErrnoException).code
    return (code === 'ENOENT' || code === 'ESRCH') && procMounted() ? null : undefined
  }
  // "pid (name) state ppid …": the name may hold spaces and parentheses, so fields count from the last ')'.
  // After it, field 3 (state) is the first and field 22 (starttime, in ticks since boot) the 20th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = fields[19]!
  const state = fields[0]!
  return {
    start: `${bootId()}:${ticks}`,
    zombie: state === 'Z' || state === 'X',
    // Linux reports ticks in USER_HZ, 100 on every architecture Node runs on.
    startedAtMs: (bootTimeSeconds() + Number(ticks) / 100) * 1000,
  }
}

function psStart(pid: number): ProcessStart | null | undefined {
  let out: string
  try {
    out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim()
  } catch (error) {
    // ps exits 1 when there is no such process; ENOENT: no ps at all.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null
  }
  if (!out) return null
  const [state = '', ...lstart] = out.split(/\s+/)
  const startedAtMs = Date.parse(lstart.join(' '))
  return {
    start: lstart.join('_'),
    zombie: state.startsWith('Z'),
    startedAtMs: Number.isNaN(startedAtMs) ? undefined : startedAtMs,
  }
}

const procMounted = () => readOnce('/proc/self/stat') !== ''
const bootId = () => readOnce('/proc/sys/kernel/random/boot_id').trim()
const bootTimeSeconds = () => Number(/^btime (\d+)$/m.exec(readOnce('/proc/stat'))?.[1] ?? 0)

function readOnce(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
