import { sql } from 'drizzle-orm'
import type { TestContext } from './harness'

/**
 * A hash of every row of every table of the database, by table: equal before and after a request means the
 * request changed nothing anywhere (a guild's rows, accounts, sessions, the outbox, …). A difference names
 * the tables it is in. Works alike on PGlite and PostgreSQL.
 */
export async function databaseFingerprint(ctx: TestContext): Promise<Record<string, string>> {
  const db = ctx.database.db
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  )
  const fingerprint: Record<string, string> = {}
  for (const { name } of tables) {
    const [row] = rowsOf<{ hash: string }>(
      await db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
      ),
    )
    fingerprint[name] = row!.hash
  }
  return fingerprint
}

/** Both drivers answer `execute` with { rows }. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
