// npm run backup [-- FILE]: a logical dump of the whole database, on either engine, restorable with
// `npm run restore -- FILE` (README "Backups", docs/decisions/006-operations.md). Default file:
// backups/lootqueue-<time>.jsonl.gz in the current folder.
//
// Embedded database while the server runs: the server holds the data folder (two processes writing PGlite
// would corrupt it), so this asks the server for a fresh snapshot (SIGUSR2, which only its own user or root
// can send) and dumps that snapshot. If the server cannot be asked, the newest automatic snapshot is used.
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { type Database, openPglite, openPostgres } from '../server/db/client'
import { DataDirInUseError, lockDataDir } from '../server/db/data-dir-lock'
import { cliArgs, cliEnv, fail, kilobytes, pgliteFolder, runCli } from '../server/platform/backup/cli-support'
import { writeDump } from '../server/platform/backup/logical-dump'
import { listSnapshots, openSnapshot, snapshotTime } from '../server/platform/backup/snapshots'

const SNAPSHOT_WAIT_MS = 120_000
const USAGE = `Usage: npm run backup [-- FILE]
  Writes a logical dump of the whole database (DATABASE_URL, or the embedded one in DATA_DIR) to FILE,
  by default backups/lootqueue-<time>.jsonl.gz. Restore it with npm run restore -- FILE.`

await runCli(async () => {
  const { positionals } = cliArgs(process.argv.slice(2), USAGE)
  if (positionals.length > 1) fail(`One FILE at most.\n${USAGE}`)
  const env = cliEnv()
  const stamp = new Date().toISOString().replaceAll(':', '-')
  const file = resolve(positionals[0] ?? join('backups', `lootqueue-${stamp}.jsonl.gz`))
  mkdirSync(dirname(file), { recursive: true })
  const started = performance.now()

  let database: Database
  let release = async () => {}
  if (env.DATABASE_URL) {
    database = await openPostgres(env.DATABASE_URL, { migrate: false, max: 2 })
    release = () => database.close()
  } else {
    const dataDir = resolve(env.DATA_DIR)
    if (!existsSync(pgliteFolder(env))) fail(`There is no database in ${dataDir} (DATA_DIR).`)
    try {
      const unlock = lockDataDir(dataDir)
      database = await openPglite(pgliteFolder(env), { migrate: false })
      release = async () => {
        await database.close()
        unlock()
      }
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error
      const snapshot = await snapshotFromRunningServer(join(dataDir, 'backups'), error.pid)
      database = await openSnapshot(snapshot)
      release = () => database.close()
    }
  }
  try {
    const summary = await writeDump(database, file)
    const ms = Math.round(performance.now() - started)
    process.stdout.write(
      `Backup written: ${file} (${summary.tables} tables, ${summary.rows} rows, ${kilobytes(statSync(file).size)}, ${ms} ms).\nKeep a copy on another disk or machine.\n`,
    )
  } finally {
    await release()
  }
})

/** Asks the running server for a snapshot and waits for it; falls back to the newest one it already took. */
async function snapshotFromRunningServer(dir: string, pid: number): Promise<string> {
  const asked = Date.now()
  try {
    process.kill(pid, 'SIGUSR2')
    process.stdout.write(`The server (process ${pid}) holds the data folder: asking it for a snapshot…\n`)
    while (Date.now() - asked < SNAPSHOT_WAIT_MS) {
      const fresh = listSnapshots(dir).find((f) => (snapshotTime(f)?.getTime() ?? 0) >= asked - 1000)
      if (fresh) return fresh
      await new Promise((r) => setTimeout(r, 200))
    }
  } catch {}
  const newest = listSnapshots(dir).at(-1)
  if (!newest) {
    fail(
      `The server (process ${pid}) holds the data folder and did not take a snapshot. Stop it, then run npm run backup again.`,
    )
  }
  process.stdout.write(`Using the newest automatic snapshot, taken ${snapshotTime(newest)!.toISOString()}.\n`)
  return newest
}
