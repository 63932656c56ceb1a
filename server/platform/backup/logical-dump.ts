import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { type Database, migrateDatabase } from '../../db/client'
import {
  countRows,
  emptyTables,
  insertJsonRows,
  lastMigration,
  listForeignKeys,
  listTables,
  readTableAsJson,
  resetSequences,
  tableHasRows,
  type TableColumns,
} from './backup.queries'
import { migrateUpTo, migrationJournal } from './migration-level'
import { parentsFirst } from './table-order'

// A logical dump: every row of every table of the app, engine-neutral, so a dump of the embedded database
// restores into PostgreSQL and back. gzip'd lines of JSON:
//   {"format":"lootqueue-dump","version":1,...,"migration":{when,tag},"tables":[{table,columns}]}  header
//   ["rows","<table>",<count>]   then <count> lines, one JSON object per row (PostgreSQL's row_to_json)
//   ["end",<total rows>]         a file without it was cut short and is refused
// Tables come parents first (foreign keys), so a restore inserts them in file order.

const FORMAT = 'lootqueue-dump'
const VERSION = 1
const BATCH_ROWS = 500

export class BackupError extends Error {}

type Header = {
  format: string
  version: number
  createdAt: string
  engine: Database['kind']
  migration: { when: number; tag: string }
  tables: TableColumns[]
}

export type DumpSummary = { file: string; tables: number; rows: number; rowsByTable: Record<string, number> }

/** Writes a dump of `database` to `file` (through a temporary file, renamed once complete). */
export async function writeDump(database: Database, file: string): Promise<DumpSummary> {
  const level = await lastMigration(database.db)
  const migration = migrationJournal().find((entry) => entry.when === level)
  if (!migration) throw new BackupError('This database was not created by this version of LootQueue.')
  const partial = `${file}.partial`
  const rowsByTable: Record<string, number> = {}
  try {
    // One read-only snapshot for the whole dump: rows written meanwhile (PostgreSQL) are all in or all out.
    await database.db.transaction(
      async (tx) => {
        const columns = new Map((await listTables(tx)).map((t) => [t.table, t.columns]))
        const order = parentsFirst([...columns.keys()], await listForeignKeys(tx))
        const header: Header = {
          format: FORMAT,
          version: VERSION,
          createdAt: new Date().toISOString(),
          engine: database.kind,
          migration: { when: migration.when, tag: migration.tag },
          tables: order.map((table) => ({ table, columns: columns.get(table)! })),
        }
        async function* lines() {
          yield `${JSON.stringify(header)}\n`
          let total = 0
          for (const table of order) {
            const count = await countRows(tx, table)
            rowsByTable[table] = count
            total += count
            yield `${JSON.stringify(['rows', table, count])}\n`
            for await (const row of readTableAsJson(tx, table)) yield `${row}\n`
          }
          yield `${JSON.stringify(['end', total])}\n`
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial))
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
  return summaryOf(file, rowsByTable)
}

export type RestoreOptions = {
  /** Empty every table first (in the same transaction). Without it, a target holding rows is refused. */
  replace?: boolean
}

/**
 * Restores a dump into `database`: its schema is brought to the dump's migration, every row is inserted in
 * one transaction (all or nothing), then the newer migrations run.
 */
export async function restoreDump(
  database: Database,
  file: string,
  options: RestoreOptions = {},
): Promise<DumpSummary> {
  const input = createReadStream(file).pipe(createGunzip())
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  const lines = reader[Symbol.asyncIterator]()
  try {
    const header = parseHeader((await lines.next()).value)
    const current = await lastMigration(database.db)
    if (current !== null && current > header.migration.when) {
      throw new BackupError(
        `The target database already has a newer schema than this dump (${header.migration.tag}). Restore into an empty one: a new DATA_DIR, or a new PostgreSQL database.`,
      )
    }
    await migrateUpTo(database, header.migration.when)
    const target = new Map((await listTables(database.db)).map((t) => [t.table, t.columns.join(',')]))
    const differs =
      target.size !== header.tables.length ||
      header.tables.some((t) => target.get(t.table) !== t.columns.join(','))
    if (differs) throw new BackupError('The dump does not match the schema of its own migration.')

    const rowsByTable: Record<string, number> = {}
    await database.db.transaction(async (tx) => {
      const names = header.tables.map((t) => t.table)
      if (options.replace) await emptyTables(tx, names)
      else {
        const holding = []
        for (const name of names) if (await tableHasRows(tx, name)) holding.push(name)
        if (holding.length > 0) {
          throw new BackupError(
            `The target database holds data (${holding.join(', ')}). Restore into an empty one, or pass --replace to replace everything in it.`,
          )
        }
      }
      const columnsOf = new Map(header.tables.map((t) => [t.table, t.columns]))
      let table: string | null = null
      let expected = 0
      let batch: string[] = []
      const flush = async () => {
        if (table && batch.length > 0) await insertJsonRows(tx, table, columnsOf.get(table)!, batch)
        batch = []
      }
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        const line = next.value
        if (line.startsWith('{')) {
          if (!table || rowsByTable[table]! >= expected) throw new BackupError('The dump is damaged.')
          batch.push(line)
          rowsByTable[table]! += 1
          if (batch.length >= BATCH_ROWS) await flush()
          continue
        }
        await flush()
        if (table && rowsByTable[table] !== expected) throw new BackupError('The dump is damaged.')
        const marker = JSON.parse(line) as [string, string | number, number?]
        if (marker[0] === 'end') {
          const total = Object.values(rowsByTable).reduce((a, b) => a + b, 0)
          if (marker[1] !== total || Object.keys(rowsByTable).length !== names.length) {
            throw new BackupError('The dump is damaged.')
          }
          await resetSequences(tx)
          return
        }
        table = String(marker[1])
        if (!columnsOf.has(table)) throw new BackupError('The dump is damaged.')
        expected = Number(marker[2])
        rowsByTable[table] = 0
      }
      throw new BackupError('The dump ends before its last table: it was cut short.')
    })
    await migrateDatabase(database)
    return summaryOf(file, rowsByTable)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new BackupError(`${file} is not a LootQueue backup (not gzip data).`)
    }
    throw error
  } finally {
    reader.close()
    input.destroy()
  }
}

function parseHeader(line: string | undefined): Header {
  let header: Header | undefined
  try {
    header = line ? (JSON.parse(line) as Header) : undefined
  } catch {}
  if (header?.format !== FORMAT) throw new BackupError('This file is not a LootQueue backup.')
  if (header.version !== VERSION || !migrationJournal().some((e) => e.when === header.migration.when)) {
    throw new BackupError(
      `This backup was made by a newer version of LootQueue (${header.migration.tag}): update first.`,
    )
  }
  return header
}

function summaryOf(file: string, rowsByTable: Record<string, number>): DumpSummary {
  return {
    file,
    tables: Object.keys(rowsByTable).length,
    rows: Object.values(rowsByTable).reduce((a, b) => a + b, 0),
    rowsByTable,
  }
}
