import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

// Makes the database fail at a chosen point inside a request's transaction, on PGlite and PostgreSQL alike:
// a temporary PL/pgSQL trigger that raises, dropped again afterwards. A write that is one transaction then
// leaves nothing behind; one split over several transactions (or with a write after its commit) does.

/** The text of the raised error. */
export const INJECTED_FAULT = 'injected fault'

export type Fault = {
  table: string
  on: 'INSERT' | 'UPDATE' | 'DELETE'
  /**
   * 'statement' (default): the first such write fails as it runs, after every statement before it.
   * 'commit': a deferred constraint trigger fails the COMMIT itself, after every statement of the
   * transaction has run, so whatever the transaction wrote (its audit row included) must be rolled back.
   */
  when?: 'statement' | 'commit'
  /** Only rows of this guild fail (the table needs guild_id), so other data in the file's database is safe. */
  guildId?: string
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`

async function run(database: Database, statement: string) {
  await database.db.execute(sql.raw(statement))
}

/**
 * Installs the fault. Answers how often it has fired (counted in a sequence, which a rollback does not undo)
 * and the function that removes it.
 */
export async function injectFault(
  database: Database,
  fault: Fault,
): Promise<{ fired: () => Promise<number>; remove: () => Promise<void> }> {
  const name = `lq_test_fault_${randomBytes(4).toString('hex')}`
  const table = quoteIdent(fault.table)
  const row = fault.on === 'DELETE' ? 'OLD' : 'NEW'
  const only = fault.guildId ? `WHEN (${row}.guild_id = ${quoteLiteral(fault.guildId)})` : ''
  await run(database, `CREATE SEQUENCE ${name}_fired`)
  await run(
    database,
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM nextval('${name}_fired');
       RAISE EXCEPTION '${INJECTED_FAULT}: % on %', TG_OP, TG_TABLE_NAME;
     END $$`,
  )
  await run(
    database,
    fault.when === 'commit'
      ? `CREATE CONSTRAINT TRIGGER ${name} AFTER ${fault.on} ON ${table} DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW ${only} EXECUTE FUNCTION ${name}()`
      : `CREATE TRIGGER ${name} AFTER ${fault.on} ON ${table} FOR EACH ROW ${only} EXECUTE FUNCTION ${name}()`,
  )
  return {
    fired: async () => {
      const { rows } = (await database.db.execute(
        sql.raw(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM ${name}_fired`),
      )) as unknown as { rows: { n: number | string }[] }
      return Number(rows[0]!.n)
    },
    remove: async () => {
      await run(database, `DROP TRIGGER ${name} ON ${table}`)
      await run(database, `DROP FUNCTION ${name}()`)
      await run(database, `DROP SEQUENCE ${name}_fired`)
    },
  }
}

/** Runs `act` with the fault installed and removes it afterwards; answers its result and how often the fault fired. */
export async function withFault<T>(
  database: Database,
  fault: Fault,
  act: () => Promise<T>,
): Promise<{ result: T; fired: number }> {
  const { fired, remove } = await injectFault(database, fault)
  try {
    const result = await act()
    return { result, fired: await fired() }
  } finally {
    await remove()
  }
}

/**
 * Every row of every table, each table sorted: two snapshots are equal only when nothing at all changed.
 * `except` leaves out tables written on purpose outside the transaction under test (e.g. rate limits).
 */
export async function databaseSnapshot(
  database: Database,
  options: { except?: string[] } = {},
): Promise<Record<string, unknown[]>> {
  const { rows: tables } = (await database.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { tablename: string }[] }
  const snapshot: Record<string, unknown[]> = {}
  for (const { tablename } of tables) {
    if (options.except?.includes(tablename)) continue
    const { rows } = (await database.db.execute(
      sql.raw(`SELECT t.* FROM ${quoteIdent(tablename)} t ORDER BY t::text`),
    )) as unknown as { rows: unknown[] }
    snapshot[tablename] = rows
  }
  return snapshot
}
