import { sql } from 'drizzle-orm'
import { check, index, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core'
import { DEFAULT_LANGUAGE } from '../../../contract/enums'

// The columns many tables declare alike, declared here once.

/** The id of our own tables: a random UUID. (better-auth's tables have text ids of its own.) */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom()

/** Every instant is stored with its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true })

export const createdAt = () => timestamptz('created_at').notNull().defaultNow()
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()
/** When a row was made and last changed (a write sets updatedAt itself). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })

/** The language of a row's e-mails or messages (contract/enums.ts LANGUAGES; a table checks it with checkIn). */
export const language = () => text('language').notNull().default(DEFAULT_LANGUAGE)

/** CHECK (column IN (...)) that mirrors an enum of contract/enums.ts. */
export function checkIn(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`)
}

/**
 * The searchable form of a text column: lower case without accents (lq_fold, migration 0003), stored so a
 * search never folds a row again. See docs/decisions/010-history-search.md.
 */
export function folded(name: string, source: string) {
  return text(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`lq_fold(${source})`))
}

/**
 * A trigram index, for "contains" (LIKE '%…%') on a folded column. New rows go to a pending list that every
 * process merges into the index in the background about once a second (server/db/pending-list-merger.ts):
 * a queue write pays neither one index insert per trigram of its text nor a merge. The limit (1 MB) is a
 * backstop for a process that falls behind: the write that fills the list merges it
 * (docs/decisions/010-history-search.md).
 */
export function trigramIndex(name: string, column: ExtraConfigColumn) {
  return index(name)
    .using('gin', column.op('gin_trgm_ops'))
    .with({ fastupdate: true, gin_pending_list_limit: 1024 })
}
