import { sql } from 'drizzle-orm'
import type { Logger } from '../lib/logger'
import { type BackgroundWork, type RepeatTiming, repeatLoggingFailures } from '../lib/repeat-in-background'
import type { Database } from './client'

// The trigram indexes of the history search take new rows into a pending list (GIN `fastupdate`), and the
// write that fills the list merges it into the index: inside a receipt's transaction, under its item's
// lock, so every receipt waiting on that item waited for the merge too. Every process merges the lists
// in the background instead, about once a second; the lists' limit (migration 0015) is only a backstop
// for a process that falls behind. A search reads at most about a second of writes from a list
// (docs/decisions/010-history-search.md, "Pending lists merged in the background").

/** About once a second; after a start, the first merge waits 5 s, so it never competes with the start. */
const MERGE_TIMING: RepeatTiming = { firstDelayMs: 5000, intervalMs: 1000 }

/**
 * Merges the pending list of every GIN index of the app's schema into its index (gin_clean_pending_list,
 * which PostgreSQL allows the index's owner only: an index of another role is left to its vacuum).
 * Answers the number of list pages merged; 0 when the lists were empty.
 */
export async function mergePendingLists(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`
    select coalesce(sum(pg_catalog.gin_clean_pending_list(c.oid)), 0)::int as pages
      from pg_catalog.pg_class c join pg_catalog.pg_am am on am.oid = c.relam
     where am.amname = 'gin' and c.relkind = 'i'
       and c.relnamespace = pg_catalog.current_schema()::regnamespace
       and pg_catalog.pg_has_role(c.relowner, 'USAGE')`)) as unknown as { rows: { pages: number }[] }
  return result.rows[0]!.pages
}

export function startPendingListMerger(
  input: { database: Database; logger: Logger } & Partial<RepeatTiming>,
): BackgroundWork {
  const { database, logger } = input
  return repeatLoggingFailures(
    logger,
    { failed: 'pending list merge failed', recovered: 'pending lists merged again' },
    async () => {
      const pages = await mergePendingLists(database)
      if (pages > 0) logger.debug('pending lists merged', { pages })
    },
    MERGE_TIMING,
    input,
  )
}
