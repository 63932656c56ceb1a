import { type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'

// Catalog and bulk-copy SQL for logical dumps. Generic over the app's tables (whatever the migrations
// created in schema public), so a dump needs no change when a table is added.

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows

export type TableColumns = { table: string; columns: string[] }

/** Every table of schema public with the columns a row can be inserted with (generated ones left out). */
export async function listTables(db: DbOrTx): Promise<TableColumns[]> {
  const rows = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
        order by c.relname, a.attnum`,
  )
  const tables = new Map<string, string[]>()
  for (const { table, column } of rows) tables.set(table, [...(tables.get(table) ?? []), column])
  return [...tables].map(([table, columns]) => ({ table, columns }))
}

/** Foreign keys between tables of schema public: `table` holds a reference to `references`. */
export async function listForeignKeys(db: DbOrTx) {
  return rowsOf<{ table: string; references: string }>(
    db,
    sql`select distinct cl.relname as "table", ref.relname as "references"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_class ref on ref.oid = con.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  )
}

/** `created_at` of the last migration drizzle recorded (its journal's `when`), or null on a blank database. */
export async function lastMigration(db: DbOrTx): Promise<number | null> {
  const [exists] = await rowsOf<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  )
  if (!exists?.found) return null
  const [row] = await rowsOf<{ last: string | null }>(
    db,
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )
  return row?.last ? Number(row.last) : null
}

/**
 * Reads a table in pages of `pageSize` rows as JSON text (PostgreSQL's own encoding of every type), through a
 * cursor of the caller's transaction so the whole dump sees one snapshot.
 */
export async function* readTableAsJson(tx: DbOrTx, table: string, pageSize = 1000) {
  await tx.execute(
    sql`declare lq_dump no scroll cursor for select row_to_json(t)::text as line from ${sql.identifier(table)} as t`,
  )
  try {
    for (;;) {
      const page = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${pageSize} from lq_dump`))
      for (const { line } of page) yield line
      if (page.length < pageSize) return
    }
  } finally {
    await tx.execute(sql`close lq_dump`)
  }
}

/** Inserts rows given as JSON objects, as they were; PostgreSQL converts each field to its column's type. */
export async function insertJsonRows(tx: DbOrTx, table: string, columns: string[], rows: string[]) {
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  )
  await tx.execute(
    // An identity column generated always (audit_logs.seq) takes the dump's values too; the sequence is set
    // past them afterwards (below).
    sql`insert into ${sql.identifier(table)} (${list}) overriding system value
        select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
  )
}

export async function countRows(tx: DbOrTx, table: string): Promise<number> {
  const [row] = await rowsOf<{ count: string }>(
    tx,
    sql`select count(*)::text as count from ${sql.identifier(table)}`,
  )
  return Number(row?.count ?? 0)
}

/** `<rows>:<md5 of every row's text, sorted>`: two tables with the same fingerprint hold the same rows. */
export async function tableFingerprint(db: DbOrTx, table: string): Promise<string> {
  const [row] = await rowsOf<{ fingerprint: string }>(
    db,
    sql`select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as fingerprint
        from ${sql.identifier(table)} as t`,
  )
  return row!.fingerprint
}

export async function tableHasRows(tx: DbOrTx, table: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${sql.identifier(table)}) as found`,
  )
  return Boolean(row?.found)
}

export async function emptyTables(tx: DbOrTx, tables: string[]) {
  await tx.execute(
    sql`truncate ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  )
}

/** Serial and identity columns continue after the highest restored value. */
export async function resetSequences(tx: DbOrTx) {
  const sequences = await rowsOf<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select c.relname as "table", a.attname as "column",
               pg_get_serial_sequence(quote_ident(c.relname), a.attname) as "sequence"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  )
  for (const { table, column, sequence } of sequences) {
    await tx.execute(
      sql`select setval(${sequence}, coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    )
  }
}
