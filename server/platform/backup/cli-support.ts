import { resolve } from 'node:path'
import { EnvError, type Env, loadEnv } from '../../env'
import { BackupError } from './logical-dump'

// Shared by scripts/backup.ts and scripts/restore.ts: one line for a mistake the operator can fix, the
// stack only for a real failure.

export function cliEnv(): Env {
  try {
    return loadEnv()
  } catch (error) {
    if (error instanceof EnvError) fail(error.message)
    throw error
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

export async function runCli(main: () => Promise<void>) {
  try {
    await main()
  } catch (error) {
    if (error instanceof BackupError) fail(error.message)
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error))
  }
}

export const pgliteFolder = (env: Env) => resolve(env.DATA_DIR, 'pglite')

export const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`
