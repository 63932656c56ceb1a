import { sql } from 'drizzle-orm'
import type { Logger } from '../lib/logger'
import { type BackgroundWork, type RepeatTiming, repeatInBackground } from '../lib/repeat-in-background'
import type { Database } from './client'

// PGlite runs PostgreSQL without its background workers: `autovacuum` says on, but nothing ever vacuums or
// analyzes. Every queue write updates rows, so an embedded database would gather dead rows and index
// entries forever, and its planner would keep the statistics of the day the guild was small (an add-all
// once chose a plan that scanned the guild's entries per player). This does autovacuum's job on the
// embedded database, with autovacuum's own rule (docs/decisions/006-operations.md): every few minutes,
// one look at the statistics, and VACUUM (ANALYZE) of just the tables that changed enough. PostgreSQL
// proper runs its own autovacuum; this is not started there.

/** A look every 5 minutes; after a start, the first waits 90 s, so it never competes with the start itself. */
const AUTOVACUUM_TIMING: RepeatTiming = { firstDelayMs: 90_000, intervalMs: 5 * 60 * 1000 }

/**
 * The tables of the app whose dead rows or changes since the last analyze pass PostgreSQL's default
 * thresholds (autovacuum_vacuum_threshold 50 + scale factor 0.2, analyze 50 + 0.1).
 */
async function tablesDue(database: Database): Promise<string[]> {
  // The counts of this (only) connection reach the statistics at most once a second, at the end of a
  // transaction: this one is sent in full, so the look below sees every write before it.
  await database.db.execute(sql`select pg_stat_force_next_flush()`)
  const result = (await database.db.execute(sql`
    select relname as name from pg_stat_user_tables
    where schemaname = 'public'
      and (n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup)
    order by relname`)) as unknown as { rows: { name: string }[] }
  return result.rows.map((row) => row.name)
}

/** VACUUM (ANALYZE) of each table due, one at a time (requests wait between them, not for all). */
export async function vacuumWhereDue(database: Database): Promise<string[]> {
  const due = await tablesDue(database)
  for (const name of due) await database.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`)
  return due
}

export function startEmbeddedAutovacuum(
  input: { database: Database; logger: Logger } & Partial<RepeatTiming>,
): BackgroundWork {
  const { database, logger } = input
  return repeatInBackground(
    async () => {
      const started = performance.now()
      try {
        const tables = await vacuumWhereDue(database)
        if (tables.length > 0)
          logger.info('vacuumed', { tables, ms: Math.round(performance.now() - started) })
      } catch (error) {
        logger.error('vacuum failed', { error: (error as Error).message })
      }
    },
    AUTOVACUUM_TIMING,
    input,
  )
}
