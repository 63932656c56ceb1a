import { type AnyColumn, and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Rarity } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { auditLogs, formerMembers, lootHistory, profiles } from '../../db/schema'
import { descriptionWithoutEmailContains } from './history-privacy.queries'
import { searchWords } from './history.search'

// Every query takes the guild id and filters by it: another guild's rows are never read.

/**
 * Case- and accent-insensitive, literal "contains" on a folded column (docs/decisions/010-history-search.md):
 * the database folds the search the same way as the column and escapes it after folding, and the column's
 * trigram index finds the candidates.
 */
const contains = (folded: AnyColumn, search: string) => sql`${folded} like lq_contains_pattern(${search})`

/**
 * A search matches words, not a phrase: a row is kept when it contains every word of the search
 * (searchWords), each word in any of the columns. Per word an OR of index conditions, the words ANDed, so
 * the planner can intersect the words' bitmaps (BitmapAnd of BitmapOrs) before it reads a row.
 */
const everyWordIn = (words: readonly string[], columns: AnyColumn[]) =>
  and(...words.map((word) => or(...columns.map((column) => contains(column, word)))))

export type LootFilter = { search?: string; rarity?: Rarity /** One raid night's rows. */; eventId?: string }

/** One word of an activity search, and what it finds besides the description (activityFilter). */
export type ActivityWord = {
  text: string
  /** The members whose name contains the word (membersNamed). */
  authorIds: readonly string[]
  /** The action types whose label contains the word (history.i18n.ts). */
  actionTypes: readonly string[]
}
export type ActivityFilter = {
  /** The search's words (searchWords); none: no search. */
  words?: readonly ActivityWord[]
  /** One raid night's rows. */
  eventId?: string
  /** The reader is not an admin: invitation rows match by the invitee's name, not the e-mail (history.privacy.ts). */
  hideEmails?: boolean
}

/** Rows are ordered newest first; the id breaks ties so pages never overlap. */
const lootOrder = [desc(lootHistory.distributedAt), desc(lootHistory.id)]
/**
 * The activity log's rows of one instant, latest written first (audit_logs.seq): an award, then the passes it
 * wrote before it, in queue order (lq_queue_entry_action). The guild's date index holds this order whole.
 */
const activityOrder = [desc(auditLogs.createdAt), desc(auditLogs.seq)]

export function lootWhere(guildId: string, { search, rarity, eventId }: LootFilter): SQL | undefined {
  return and(
    eq(lootHistory.guildId, guildId),
    eventId ? eq(lootHistory.eventId, eventId) : undefined,
    everyWordIn(searchWords(search), [lootHistory.itemNameFolded, lootHistory.playerNameFolded]),
    rarity ? eq(lootHistory.itemRarity, rarity) : undefined,
  )
}

/**
 * For each word, the guild's members and former members whose name contains it (a guild has few, so their
 * names are folded here rather than stored folded), in one statement. The activity search asks for them
 * first and passes their ids as values: the planner then estimates the author arm from the column's
 * statistics and reads the three indexes (BitmapOr). Inside the statement, as a sub-select, it could not,
 * guessed half the log and scanned it all.
 */
export async function membersNamed(
  db: DbOrTx,
  guildId: string,
  words: readonly string[],
): Promise<string[][]> {
  if (words.length === 0) return []
  const wordList = sql.join(
    words.map((word, i) => sql`(${i}::int, ${word}::text)`),
    sql`, `,
  )
  const named = (table: PgTable, guild: AnyColumn, userId: AnyColumn, name: AnyColumn) => sql`
    select w.i, ${userId} as user_id from ${table}, (values ${wordList}) as w(i, word)
    where ${guild} = ${guildId} and lq_fold(${name}) like lq_contains_pattern(w.word)`
  const result = (await db.execute(sql`
    ${named(profiles, profiles.guildId, profiles.userId, profiles.displayName)}
    union all
    ${named(formerMembers, formerMembers.guildId, formerMembers.userId, formerMembers.displayName)}`)) as unknown as {
    rows: { i: number; user_id: string }[]
  }
  const ids = words.map(() => new Set<string>())
  for (const row of result.rows) ids[row.i]!.add(row.user_id)
  return ids.map((set) => [...set])
}

/**
 * An author's name: the member's display name now, or, once they left, the one they had then
 * (former_members, migration 0020). `isMember`: the author is a profile of the guild now.
 * Subqueries, not joins: PostgreSQL reads them after a page's sort and limit, for the rows it keeps. A join
 * ran before the sort for every row the search kept, and with a large table's statistics behind a guild's
 * growth the planner chose that plan (ten thousand guilds: 1,239 look-ups for a page of 50, twice the time;
 * docs/performance.md).
 */
function authorOf(userId: AnyColumn, guildId: AnyColumn) {
  const profileName = sql`(select ${profiles.displayName} from ${profiles} where ${profiles.userId} = ${userId})`
  const formerName = sql`(select ${formerMembers.displayName} from ${formerMembers}
    where ${formerMembers.guildId} = ${guildId} and ${formerMembers.userId} = ${userId})`
  const hasProfile = sql`exists (select from ${profiles} where ${profiles.userId} = ${userId})`
  // Each subquery nested in its own sql: in a one-table select, drizzle writes the columns at the top of a
  // field's sql without their table, and `user_id = user_id` inside the subquery would be its own column.
  return {
    name: sql<string | null>`coalesce(${profileName}, ${formerName})`,
    isMember: sql<boolean>`${hasProfile}`,
  }
}

const byAuthor = (ids: readonly string[]) =>
  ids.length > 0 ? inArray(auditLogs.userId, [...ids]) : undefined
const byType = (types: readonly string[]) =>
  types.length > 0 ? inArray(auditLogs.actionType, [...types]) : undefined

/** The description arm of a word: its trigrams, and no invitee's e-mail for a reader who may not see it. */
const descriptionHas = (text: string, hideEmails: boolean | undefined) =>
  hideEmails
    ? descriptionWithoutEmailContains(sql`lq_contains_pattern(${text})`)
    : contains(auditLogs.descriptionFolded, text)

/** A word's three arms, each an index condition: the description's trigrams, the author, the action type. */
const anyArm = ({ text, authorIds, actionTypes }: ActivityWord, hideEmails: boolean | undefined) =>
  or(descriptionHas(text, hideEmails), byAuthor(authorIds), byType(actionTypes))

/**
 * The rows a listing keeps: with a search, those in which every word matches one of its arms (a count of
 * them is activityCount).
 */
export function activityWhere(guildId: string, filter: ActivityFilter): SQL | undefined {
  const inGuild = and(eq(auditLogs.guildId, guildId), inNight(filter))
  const { words = [] } = filter
  if (words.length === 0) return inGuild
  return and(inGuild, ...words.map((word) => anyArm(word, filter.hideEmails)))
}

const inNight = ({ eventId }: ActivityFilter) => (eventId ? eq(auditLogs.eventId, eventId) : undefined)

const lootAuthor = authorOf(lootHistory.distributedBy, lootHistory.guildId)
const lootColumns = {
  id: lootHistory.id,
  itemId: lootHistory.itemId,
  itemName: lootHistory.itemName,
  itemRarity: lootHistory.itemRarity,
  itemType: lootHistory.itemType,
  playerId: lootHistory.playerId,
  playerName: lootHistory.playerName,
  previousQueuePosition: lootHistory.previousQueuePosition,
  distributedByName: lootAuthor.name,
  distributedByIsMember: lootAuthor.isMember,
  notes: lootHistory.notes,
  notesPrivate: lootHistory.notesPrivate,
  distributedAt: lootHistory.distributedAt,
  eventId: lootHistory.eventId,
}

const activityAuthor = authorOf(auditLogs.userId, auditLogs.guildId)
const activityColumns = {
  id: auditLogs.id,
  userId: auditLogs.userId,
  userName: activityAuthor.name,
  userIsMember: activityAuthor.isMember,
  actionType: auditLogs.actionType,
  tableName: auditLogs.tableName,
  recordId: auditLogs.recordId,
  description: auditLogs.description,
  note: auditLogs.note,
  notePrivate: auditLogs.notePrivate,
  createdAt: auditLogs.createdAt,
  eventId: auditLogs.eventId,
  undoneAt: auditLogs.undoneAt,
}

/** How many rows of the table the condition keeps: a listing's total, beside its page. */
async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where)
  return row?.n ?? 0
}

function countLoot(db: DbOrTx, guildId: string, filter: LootFilter): Promise<number> {
  return countWhere(db, lootHistory, lootWhere(guildId, filter))
}

/**
 * A page of the loot history and the number of rows its filter keeps.
 * Unfiltered, the count reads the guild's date index alone and the page walks that index, stopping after its
 * rows: two statements, each cheap. Filtered (a search, a rarity, a night), the matches are found by reading
 * the rows, and the page counts them in its own statement (listCountedLootPage): one read of the matches for
 * both. Apart, the page read them a second time whenever the planner sorted them rather than walked the
 * index, as it did on ten thousand guilds once a guild outgrew the statistics' average guild
 * (docs/performance.md).
 */
export async function lootPageAndTotal(
  db: DbOrTx,
  guildId: string,
  filter: LootFilter,
  page: { limit: number; offset: number },
) {
  const filtered = Boolean(filter.search || filter.rarity || filter.eventId)
  if (!filtered) {
    const [total, rows] = await Promise.all([
      countLoot(db, guildId, filter),
      listLootPage(db, guildId, filter, page),
    ])
    return { rows, total }
  }
  const counted = await listCountedLootPage(db, guildId, filter, page)
  const rows = counted.map(({ total: _, ...row }) => row)
  // A page past the last has no row to carry the count.
  const total = counted[0]?.total ?? (page.offset > 0 ? await countLoot(db, guildId, filter) : 0)
  return { rows, total }
}

/**
 * A page whose every row carries the number of rows the filter keeps (lootPageAndTotal). The matches are
 * read once, their ids and dates kept (a common table, referenced twice and so computed once), then counted
 * and sorted for the page; only the page's rows are read whole. Not `count(*) over ()`: under a limit,
 * PostgreSQL 15 costs a window over the whole result as if it could stop early, and walked the guild's date
 * index row by row through every match (3.4 ms against 1.7 ms for the count alone, docs/performance.md).
 */
export function listCountedLootPage(
  db: DbOrTx,
  guildId: string,
  filter: LootFilter,
  page: { limit: number; offset: number },
) {
  const matches = db
    .$with('matches')
    .as(
      db
        .select({ id: lootHistory.id, distributedAt: lootHistory.distributedAt })
        .from(lootHistory)
        .where(lootWhere(guildId, filter)),
    )
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.distributedAt), desc(matches.id))
    .limit(page.limit)
    .offset(page.offset)
  return db
    .with(matches)
    .select({ ...lootColumns, total: sql<number>`(select count(*) from ${matches})::int` })
    .from(lootHistory)
    .where(and(eq(lootHistory.guildId, guildId), inArray(lootHistory.id, pageIds)))
    .orderBy(...lootOrder)
}

export function listLootPage(
  db: DbOrTx,
  guildId: string,
  filter: LootFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(lootColumns)
    .from(lootHistory)
    .where(lootWhere(guildId, filter))
    .orderBy(...lootOrder)
    .limit(page.limit)
    .offset(page.offset)
}

/**
 * The statement that counts the activity rows a filter keeps (activityWhere). A search's count adds up its
 * arms one by one, each without the rows of the arms before it, so every match is counted once, by the first
 * arm it matches: the authors whose name contains every word, then the action types whose label contains
 * every word, then the rest (each word by the description, or by an author or action type that does not
 * match every word). With one word the rest is its description alone. Why not the AND of the words' ORs:
 * its bitmaps visit the table row of every match, and an author or an action label can match a large part
 * of the log (28,572 of 200,000 rows for the author "Officer 3": 23 ms on PGlite); the author arm alone is read from
 * its index (user_id, guild_id), without the rows once vacuum has marked their pages all-visible (3.5 ms).
 */
export function activityCount(guildId: string, filter: ActivityFilter): SQL {
  const inGuild = and(eq(auditLogs.guildId, guildId), inNight(filter))
  const { words = [] } = filter
  if (words.length === 0) return sql`select count(*)::int as n from ${auditLogs} where ${inGuild}`
  const everyWords = (pick: (word: ActivityWord) => readonly string[]) =>
    words.map(pick).reduce((kept, next) => kept.filter((value) => next.includes(value)))
  const authorsOfAll = everyWords((word) => word.authorIds)
  const typesOfAll = everyWords((word) => word.actionTypes)
  const byAllAuthors = byAuthor(authorsOfAll)
  const byAllTypes = byType(typesOfAll)
  // The rows the first two arms count are left out of the rest, so a word's authors and action types there
  // need not include them (which, for one word, leaves its description only).
  const rest = words.map(({ text, authorIds, actionTypes }) =>
    anyArm(
      {
        text,
        authorIds: authorIds.filter((id) => !authorsOfAll.includes(id)),
        actionTypes: actionTypes.filter((type) => !typesOfAll.includes(type)),
      },
      filter.hideEmails,
    ),
  )
  // `is not true`: a row without an author (null) is not one of the arm's rows either.
  const outside = (...arms: (SQL | undefined)[]) =>
    arms.filter((arm) => arm !== undefined).map((arm) => sql`(${arm}) is not true`)
  const arms = [
    byAllAuthors && and(byAllAuthors, inGuild),
    byAllTypes && and(inGuild, byAllTypes, ...outside(byAllAuthors)),
    and(inGuild, ...rest, ...outside(byAllAuthors, byAllTypes)),
  ].filter((arm) => arm !== undefined)
  const counts = arms.map((where) => sql`(select count(*) from ${auditLogs} where ${where})`)
  return sql`select (${sql.join(counts, sql` + `)})::int as n`
}

export async function countActivity(db: DbOrTx, guildId: string, filter: ActivityFilter): Promise<number> {
  const result = (await db.execute(activityCount(guildId, filter))) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}

export function listActivityPage(
  db: DbOrTx,
  guildId: string,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(activityColumns)
    .from(auditLogs)
    .where(activityWhere(guildId, filter))
    .orderBy(...activityOrder)
    .limit(page.limit)
    .offset(page.offset)
}

/**
 * Where the previous batch of an export ended: its last row's time and tie-break (the loot's id, the
 * activity's seq), both as text. The timestamp travels as PostgreSQL's own text, not a JS Date, because a
 * Date keeps milliseconds and the column keeps microseconds: rounding would skip rows.
 */
export type Cursor = { at: string; tie: string }

/**
 * (at, tie) < cursor, spelled so the (guild_id, date) index bounds the scan: a row comparison would be
 * a filter only, and every batch of an export would rescan the rows before it.
 */
function before(at: AnyColumn, tie: SQL, cursor: Cursor): SQL {
  const cursorAt = sql`${cursor.at}::timestamptz`
  return sql`${at} <= ${cursorAt} and (${at} < ${cursorAt} or ${tie})`
}

export async function lootBatchAfter(
  db: DbOrTx,
  guildId: string,
  filter: LootFilter,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      ...lootColumns,
      cursorAt: sql<string>`${lootHistory.distributedAt}::text`,
      cursorTie: sql<string>`${lootHistory.id}::text`,
    })
    .from(lootHistory)
    .where(
      and(
        lootWhere(guildId, filter),
        cursor
          ? before(lootHistory.distributedAt, sql`${lootHistory.id} < ${cursor.tie}::uuid`, cursor)
          : undefined,
      ),
    )
    .orderBy(...lootOrder)
    .limit(limit)
}

/** A batch of an export (a query: awaited, its rows; its plan is tested). */
export function activityBatchAfter(
  db: DbOrTx,
  guildId: string,
  filter: ActivityFilter,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      ...activityColumns,
      cursorAt: sql<string>`${auditLogs.createdAt}::text`,
      cursorTie: sql<string>`${auditLogs.seq}::text`,
    })
    .from(auditLogs)
    .where(
      and(
        activityWhere(guildId, filter),
        cursor
          ? before(auditLogs.createdAt, sql`${auditLogs.seq} < ${cursor.tie}::bigint`, cursor)
          : undefined,
      ),
    )
    .orderBy(...activityOrder)
    .limit(limit)
}

/**
 * The four stat cards, over the whole history. A deleted player has lost their id, so they count by name.
 * Days are counted on the reader's clock (`timeZone`), so an evening raid is not split across two dates.
 */
export async function lootStats(db: DbOrTx, guildId: string, timeZone: string) {
  const [row] = await db
    .select({
      totalDistributed: sql<number>`count(*)::int`,
      distinctPlayers: sql<number>`count(distinct coalesce(${lootHistory.playerId}::text, 'name:' || lower(${lootHistory.playerName})))::int`,
      epicOrLegendary: sql<number>`(count(*) filter (where ${lootHistory.itemRarity} in ('epic', 'legendary')))::int`,
      activeDays: sql<number>`count(distinct (${lootHistory.distributedAt} at time zone ${timeZone})::date)::int`,
    })
    .from(lootHistory)
    .where(eq(lootHistory.guildId, guildId))
  return row!
}
