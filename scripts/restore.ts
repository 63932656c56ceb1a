// npm run restore -- FILE [--replace]: restores a backup into the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR). FILE is a dump from `npm run backup` or an automatic snapshot
// (DATA_DIR/backups/snapshot-*.tar.gz). The schema is migrated first, then every row goes in within one
// transaction: a restore that fails leaves no row behind. A database that holds data is refused unless
// --replace is given (then its rows are replaced, in the same transaction). README "Backups".
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type Database, openPglite, openPostgres } from '../server/db/client'
import { DataDirInUseError, lockDataDir } from '../server/db/data-dir-lock'
import { cliArgs, cliEnv, fail, pgliteFolder, runCli } from '../server/platform/backup/cli-support'
import { restoreDump, writeDump } from '../server/platform/backup/logical-dump'
import { openSnapshot } from '../server/platform/backup/snapshots'

const USAGE = `Usage: npm run restore -- FILE [--replace]
  Restores FILE (a dump from npm run backup, or a snapshot-*.tar.gz) into the configured database
  (DATABASE_URL, or the embedded one in DATA_DIR; stop an embedded server first).
  --replace  replace the rows of a database that already holds data (refused otherwise)`

await runCli(async () => {
  const { positionals, options } = cliArgs(process.argv.slice(2), USAGE, ['--replace'])
  const replace = options.has('--replace')
  const [source] = positionals
  if (!source || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`)
    process.exit(2)
  }
  const env = cliEnv()
  const started = performance.now()
  const scratch = mkdtempSync(join(tmpdir(), 'lq-restore-'))
  let release = async () => {}
  try {
    let dump = resolve(source)
    if (dump.endsWith('.tar.gz')) {
      // A snapshot: read it as a database of its own and restore from its dump.
      const snapshot = await openSnapshot(dump)
      dump = join(scratch, 'snapshot.jsonl.gz')
      try {
        await writeDump(snapshot, dump)
      } finally {
        await snapshot.close()
      }
    }

    let database: Database
    if (env.DATABASE_URL) {
      database = await openPostgres(env.DATABASE_URL, { migrate: false, max: 2 })
      release = () => database.close()
    } else {
      let unlock: () => void
      try {
        unlock = lockDataDir(resolve(env.DATA_DIR))
      } catch (error) {
        if (error instanceof DataDirInUseError) {
          fail(
            `The server (process ${error.pid}) is using ${resolve(env.DATA_DIR)}: stop it before restoring.`,
          )
        }
        throw error
      }
      database = await openPglite(pgliteFolder(env), { migrate: false })
      release = async () => {
        await database.close()
        unlock()
      }
    }
    const summary = await restoreDump(database, dump, { replace })
    const ms = Math.round(performance.now() - started)
    process.stdout.write(
      `Restored ${summary.rows} rows in ${summary.tables} tables from ${source} (${ms} ms).\n`,
    )
  } finally {
    await release()
    rmSync(scratch, { recursive: true, force: true })
  }
})
