import { type SQL, sql } from 'drizzle-orm'

// Race tests hold a lock in one transaction and start a request that must wait for it (PostgreSQL only).

type Executes = { execute: (query: SQL) => Promise<unknown> }

/**
 * Resolves once at least `count` sessions on this test file's database wait for a lock (`lock`: only an
 * advisory one). Only this database's sessions count: every test file has its own database in one shared
 * cluster, and a session waiting in another file's database once let a test go on before its own request
 * waited (imports.raid-nights.test.ts answered 200 for its 409 in CI).
 */
export async function untilSessionsWait(db: Executes, count = 1, lock?: 'advisory') {
  for (let tries = 0; tries < 500; tries++) {
    const result = await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and (${lock ?? null}::text is null or wait_event = ${lock ?? null})`,
    )
    if ((result as { rows: { n: number }[] }).rows[0]!.n >= count) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`never ${count} session(s) waiting for ${lock ?? 'a'} lock`)
}
