import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from './data-dir-lock'

// The lock must prove its owner (issue 43, point 15): a pid alone names zombies and strangers too.

const HOLDER = join(import.meta.dirname, 'data-dir-lock.test-support.ts')
const dir = () => mkdtempSync(join(tmpdir(), 'lq-lock-'))
const lockFile = (folder: string) => join(folder, 'lootqueue.lock')
const lockedPid = (folder: string) => Number(readFileSync(lockFile(folder), 'utf8').split(' ')[0])

const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL')
})

/** A process's state as `ps` prints it ('S', 'R', 'Z' …), '' once it is gone. */
function stateOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

async function until(what: string, check: () => boolean) {
  const deadline = Date.now() + 20_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Another process holding the folder, as a server does. `unreaped`: started by a shell that then becomes a
 * process that never reaps its children, so once killed the holder stays a zombie (what `npm start` left
 * after a kill -9 under load).
 */
async function startHolder(folder: string, { unreaped = false } = {}) {
  const command = [process.execPath, '--import', 'tsx', HOLDER, folder]
  const child = unreaped
    ? spawn('sh', ['-c', '"$@" & echo $!; exec sleep 120', 'sh', ...command], { stdio: 'pipe' })
    : spawn(command[0]!, command.slice(1), { stdio: 'ignore' })
  started.push(child)
  let pid = child.pid!
  if (unreaped) {
    const firstLine = new Promise<string>((resolve) => child.stdout!.once('data', (d) => resolve(String(d))))
    pid = Number((await firstLine).trim())
  }
  await until(
    'the holder to lock the folder',
    () => existsSync(lockFile(folder)) && lockedPid(folder) === pid,
  )
  return { pid, child }
}

/** A live process that has nothing to do with the folder. */
function stranger() {
  const child = spawn('sleep', ['120'], { stdio: 'ignore' })
  started.push(child)
  return child.pid!
}

describe('data folder lock', () => {
  it('refuses a second owner while the first is alive, and frees the folder on release', () => {
    const folder = dir()
    const release = lockDataDir(folder)
    expect(() => lockDataDir(folder)).toThrow(`is in use by process ${process.pid}`)
    release()
    expect(existsSync(lockFile(folder))).toBe(false)
    lockDataDir(folder)()
  })

  it('refuses while another live process holds the folder', async () => {
    const folder = dir()
    const holder = await startHolder(folder)
    expect(() => lockDataDir(folder)).toThrow(`is in use by process ${holder.pid}`)
    expect(lockedPid(folder)).toBe(holder.pid)
  })

  it('takes over the lock of a killed holder', async () => {
    const folder = dir()
    const holder = await startHolder(folder)
    holder.child.kill('SIGKILL')
    await until('the holder to be gone', () => stateOf(holder.pid) === '')
    const release = lockDataDir(folder)
    expect(lockedPid(folder)).toBe(process.pid)
    release()
  })

  it('takes over the lock of a killed holder that is still a zombie', async () => {
    const folder = dir()
    const holder = await startHolder(folder, { unreaped: true })
    process.kill(holder.pid, 'SIGKILL')
    await until('the holder to be a zombie', () => stateOf(holder.pid).startsWith('Z'))
    const release = lockDataDir(folder)
    expect(lockedPid(folder)).toBe(process.pid)
    release()
  })

  it('takes over a lock whose pid is now a live unrelated process', async () => {
    const folder = dir()
    const pid = stranger()
    await until('the stranger to run', () => stateOf(pid) !== '')
    // Written by an earlier process that had this pid (before a reboot, in another container's run).
    writeFileSync(lockFile(folder), `${pid} 00000000-0000-0000-0000-000000000000:1`)
    lockDataDir(folder)()
    // The same by a version whose locks held a bare pid: written an hour before this process started.
    writeFileSync(lockFile(folder), String(pid))
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(lockFile(folder), anHourAgo, anHourAgo)
    const release = lockDataDir(folder)
    expect(lockedPid(folder)).toBe(process.pid)
    release()
  })

  it("takes over a lock naming this process's own pid that it did not write", () => {
    const folder = dir()
    writeFileSync(lockFile(folder), `${process.pid} 00000000-0000-0000-0000-000000000000:1`)
    lockDataDir(folder)()
    writeFileSync(lockFile(folder), String(process.pid)) // as an earlier version wrote it
    const release = lockDataDir(folder)
    expect(readFileSync(lockFile(folder), 'utf8')).toMatch(new RegExp(`^${process.pid} \\S+$`))
    release()
  })

  it('still refuses a lock of an earlier version (a bare pid) written after its live process started', async () => {
    const folder = dir()
    const pid = stranger()
    await until('the stranger to run', () => stateOf(pid) !== '')
    writeFileSync(lockFile(folder), String(pid))
    expect(() => lockDataDir(folder)).toThrow(`is in use by process ${pid}`)
  })

  it('takes over a lock whose process is gone, or that names nobody', () => {
    const folder = dir()
    writeFileSync(lockFile(folder), '999999999')
    lockDataDir(folder)()
    writeFileSync(lockFile(folder), 'garbage')
    const release = lockDataDir(folder)
    expect(lockedPid(folder)).toBe(process.pid)
    release()
  })
})
