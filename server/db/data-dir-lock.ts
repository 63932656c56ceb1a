import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * PGlite takes no lock on its folder, and two processes writing it corrupt it. The lock file holds the
 * owner's pid; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'lootqueue.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(file, 'utf8'))
      if (pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid)
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
