import { sql } from 'drizzle-orm'
import type { Logger } from '../lib/logger'
import type { Database } from './client'

// After a bulk write (an add-all, an import), the tables it grew are analysed at once when the rows written
// pass autovacuum's own analyze threshold (50 + 10 % of the table's rows as last counted: pg_class.reltuples,
// -1 when never counted). Until statistics catch up, the planner sizes a guild's queues by the day they were
// small: on a fresh database, the first receipts after an add-all ran at 342/s against 470/s once analysed,
// two look-ups of the entry action reading the guild's entries instead of the item's few (issue 44,
// docs/decisions/006-operations.md). PostgreSQL's autovacuum would do the same within its naptime (a minute)
// and PGlite's embedded one within minutes (embedded-autovacuum.ts); this is those first minutes.
//
// Only when the write is large against the table: in a database of thousands of guilds one guild's add-all
// changes no statistic, and analyses nothing. ANALYZE reads a bounded sample (30,000 rows at the default
// statistics target), so the cost does not grow with the table either. A failure is logged, never
// answered: the write it follows is committed.

export type BulkWrites = Partial<
  Record<'players' | 'player_queues' | 'loot_history' | 'raid_night_attendance', number>
>

/** The tables of `writes` whose rows written pass the threshold (reltuples read in one statement). */
async function tablesToAnalyze(database: Database, writes: BulkWrites): Promise<string[]> {
  const names = Object.keys(writes).filter((name) => (writes[name as keyof BulkWrites] ?? 0) > 50)
  if (names.length === 0) return []
  const result = (await database.db.execute(sql`
    select relname as name, reltuples as rows from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r'
       and relname in (${sql.join(
         names.map((name) => sql`${name}`),
         sql`, `,
       )})`)) as unknown as { rows: { name: string; rows: number | string }[] }
  return result.rows
    .filter((row) => (writes[row.name as keyof BulkWrites] ?? 0) > 50 + 0.1 * Math.max(Number(row.rows), 0))
    .map((row) => row.name)
    .sort()
}

/** Analyses the tables a committed bulk write grew past the threshold; answers their names. */
export async function analyzeAfterBulkWrite(
  database: Database,
  logger: Logger,
  writes: BulkWrites,
): Promise<string[]> {
  try {
    const tables = await tablesToAnalyze(database, writes)
    for (const name of tables) await database.db.execute(sql`analyze ${sql.identifier(name)}`)
    return tables
  } catch (error) {
    logger.error('analyze after a bulk write failed', { error: (error as Error).message })
    return []
  }
}
