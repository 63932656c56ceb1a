import { authorKind } from '../../../contract/activity-author'
import { type ActivityRow, HISTORY_PAGE_SIZE, type LootHistoryRow } from '../../../contract/history'
import type { Language, Rarity } from '../../../contract/enums'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import { guildNightSettings } from '../raid-nights/raid-nights.queries'
import { actionTypesMatching } from './history.i18n'
import {
  type ActivityFilter,
  countActivity,
  type LootFilter,
  listActivityPage,
  listLootPage,
  lootPageAndTotal,
  lootStats,
  membersNamed,
} from './history.queries'
import { withoutEmail } from './history.privacy'
import { searchWords } from './history.search'

// Reads only: history and audit rows are written by the operations they record, in their transactions.
// They need only the database of deps (the benchmark in scripts/bench passes just that).
type ReadDeps = Pick<Deps, 'database'>

const window = (page: number) => ({ limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE })

/** The guild's zone, checked against the browser's list when saved, may be newer than the database's. */
function isUnknownTimeZone(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22023') return true
  }
  return false
}

/** Days are counted on the guild's clock, as its nights and CSVs are: every officer reads the same figures. */
export async function historyStats(deps: ReadDeps, guildId: string) {
  const { db } = deps.database
  const { timeZone } = await guildNightSettings(db, guildId)
  try {
    return await lootStats(db, guildId, timeZone)
  } catch (error) {
    if (timeZone === 'UTC' || !isUnknownTimeZone(error)) throw error
    return lootStats(db, guildId, 'UTC')
  }
}

export async function lootPage(
  deps: ReadDeps,
  guildId: string,
  { page, search, rarity, eventId }: { page: number; search?: string; rarity?: Rarity; eventId?: string },
) {
  const filter: LootFilter = { search, rarity, eventId }
  const { db } = deps.database
  const { rows, total } = await lootPageAndTotal(db, guildId, filter, window(page))
  return {
    rows: rows.map(presentLootRow),
    total,
    page,
    pageSize: HISTORY_PAGE_SIZE,
  }
}

/**
 * The search's words (searchWords), each also finding an action by its label in the reader's language
 * ("Penalidade" → PLAYER_PENALIZED) and the rows written by the members whose name contains it.
 */
export async function activityFilter(
  db: DbOrTx,
  guildId: string,
  reader: ActivityReader,
  search?: string,
  eventId?: string,
): Promise<ActivityFilter> {
  const { language } = reader
  const hideEmails = !reader.seesEmails
  const texts = searchWords(search)
  if (texts.length === 0) return { eventId, hideEmails }
  const authors = await membersNamed(db, guildId, texts)
  const words = texts.map((text, i) => ({
    text,
    authorIds: authors[i] ?? [],
    actionTypes: actionTypesMatching(language, text),
  }))
  return { words, eventId, hideEmails }
}

/**
 * Who reads the activity log: the language its labels are searched in, and whether they may see invitees'
 * e-mail addresses (admins only: history.privacy.ts).
 */
export type ActivityReader = { language: Language; seesEmails: boolean }

export async function activityPage(
  deps: ReadDeps,
  guildId: string,
  { page, search, eventId }: { page: number; search?: string; eventId?: string },
  reader: ActivityReader,
) {
  const { db } = deps.database
  const filter = await activityFilter(db, guildId, reader, search, eventId)
  const [total, rows] = await Promise.all([
    countActivity(db, guildId, filter),
    listActivityPage(db, guildId, filter, window(page)),
  ])
  return {
    rows: rows.map((row) => presentActivityRow(row, reader)),
    total,
    page,
    pageSize: HISTORY_PAGE_SIZE,
  }
}

/** Every award of one raid night, newest first (its page lists them all; a night hands out dozens). */
export async function nightAwards(deps: ReadDeps, guildId: string, eventId: string) {
  const rows = await listLootPage(
    deps.database.db,
    guildId,
    { eventId },
    { limit: NIGHT_AWARDS_MAX, offset: 0 },
  )
  return rows.map(presentLootRow)
}
const NIGHT_AWARDS_MAX = 1000

type LootRead = Awaited<ReturnType<typeof listLootPage>>[number]
type ActivityRead = Awaited<ReturnType<typeof listActivityPage>>[number]

/** Who handed an item out: a member by name, a former member by the name they left with (or nobody known). */
export function presentLootRow({ distributedByIsMember, ...row }: LootRead): LootHistoryRow {
  return {
    ...row,
    itemRarity: row.itemRarity as Rarity | null,
    distributedByFormer: !distributedByIsMember && row.distributedByName !== null,
    distributedAt: row.distributedAt.toISOString(),
  }
}

/**
 * The author of an activity row as the contract tells it (a member, a former member or the system),
 * whether an undo took its action back, and its description without invitees' e-mails for a reader who may
 * not see them.
 */
export function presentActivityRow(
  { userId, userIsMember, undoneAt, ...row }: ActivityRead,
  reader: Pick<ActivityReader, 'seesEmails'>,
): ActivityRow {
  return {
    ...row,
    description: reader.seesEmails ? row.description : withoutEmail(row.actionType, row.description),
    author: authorKind({ userId, isMember: userIsMember, actionType: row.actionType }),
    createdAt: row.createdAt.toISOString(),
    undone: undoneAt !== null,
  }
}
