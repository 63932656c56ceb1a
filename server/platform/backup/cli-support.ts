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

/**
 * A command's arguments: `--help`/`-h` prints `usage` and exits 0 doing nothing; an option it does not know
 * (anything else starting with `-`) is a mistake: usage on stderr, exit 2. `--` ends the options.
 */
export function cliArgs(
  argv: string[],
  usage: string,
  known: string[] = [],
): { positionals: string[]; options: Set<string> } {
  const positionals: string[] = []
  const options = new Set<string>()
  let optionsEnded = false
  for (const arg of argv) {
    if (optionsEnded || !arg.startsWith('-') || arg === '-') positionals.push(arg)
    else if (arg === '--') optionsEnded = true
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${usage}\n`)
      process.exit(0)
    } else if (known.includes(arg)) options.add(arg)
    else {
      process.stderr.write(`Unknown option ${arg}\n${usage}\n`)
      process.exit(2)
    }
  }
  return { positionals, options }
}
