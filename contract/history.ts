import { z } from 'zod'
import { AUTHOR_KINDS } from './activity-author'
import { text } from './common'
import { RARITIES } from './enums'

/** History page size (docs/product-rules.md, "History and activity"). */
export const HISTORY_PAGE_SIZE = 20
/** Beyond this a page number is a typo, not a request (20 M rows). */
const MAX_PAGE = 1_000_000

/** The longest text search. */
export const HISTORY_SEARCH_MAX = 100
/** Text search: trimmed; empty means no search. The server matches it word by word (docs/product-rules.md). */
const searchParam = text()
  .max(HISTORY_SEARCH_MAX)
  .optional()
  .transform((v) => v?.trim() || undefined)

/** What an IANA zone name looks like ('America/Sao_Paulo', 'Etc/GMT+3', 'UTC'); the server also asks Intl. */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]*$/

/**
 * The browser's IANA time zone, so "days with activity" and CSV dates follow the guild's clock. Documented
 * as the shape the server checks first; a name of that shape the server's time zone database does not know
 * is refused too (400). Not a list: browsers name some zones differently from the server's ICU (Europe/Kyiv,
 * Europe/Kiev), and the server accepts every name it knows.
 */
export const timeZoneParam = z
  .string()
  .max(64)
  .regex(TIME_ZONE_SHAPE, 'invalidTimeZone')
  .refine(isTimeZone, 'invalidTimeZone')
  .optional()
  .meta({
    description:
      "An IANA time zone name the server's time zone database (Intl) knows; any other is 400 VALIDATION_FAILED",
    examples: ['America/Sao_Paulo', 'Europe/Lisbon', 'UTC'],
  })

export function isTimeZone(value: string): boolean {
  if (!TIME_ZONE_SHAPE.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const pageParam = z.coerce.number().int().min(1).max(MAX_PAGE).default(1)
/** 'all' (or nothing) means every rarity. */
const rarityParam = z
  .enum([...RARITIES, 'all'])
  .optional()
  .transform((v) => (v === 'all' ? undefined : v))

/**
 * A CSV's dates and the stats' days are on the guild's time zone (a CSV's date column names it:
 * server/modules/history/history.csv.ts): `tz` is still accepted, from pages loaded before, and read no more.
 */
const ignoredZoneParam = timeZoneParam.describe("Ignored: dates and days are on the guild's time zone")

/**
 * The history's query parameters are strict: one it does not take (`pageSize`, `from`) is refused
 * (unknownField), not silently ignored, so a client never reads an answer it believes filtered or sized.
 */
export const StatsQuerySchema = z.strictObject({ tz: ignoredZoneParam })
/** One raid night's rows only. */
const eventParam = z.uuid().optional()
export const LootQuerySchema = z.strictObject({
  page: pageParam,
  search: searchParam,
  rarity: rarityParam,
  eventId: eventParam,
})
export const ActivityQuerySchema = z.strictObject({
  page: pageParam,
  search: searchParam,
  eventId: eventParam,
})
export const LootCsvQuerySchema = z.strictObject({
  search: searchParam,
  rarity: rarityParam,
  eventId: eventParam,
  tz: ignoredZoneParam,
})
export const ActivityCsvQuerySchema = z.strictObject({
  search: searchParam,
  eventId: eventParam,
  tz: ignoredZoneParam,
})

export const HistoryStatsSchema = z
  .object({
    totalDistributed: z.number().int(),
    distinctPlayers: z.number().int(),
    epicOrLegendary: z.number().int(),
    activeDays: z.number().int(),
  })
  .meta({ id: 'HistoryStats' })

export const LootHistoryRowSchema = z
  .object({
    id: z.uuid(),
    itemId: z.uuid().nullable(),
    itemName: z.string(),
    itemRarity: z.enum(RARITIES).nullable(),
    itemType: z.string().nullable(),
    playerId: z.uuid().nullable(),
    playerName: z.string(),
    previousQueuePosition: z.number().int().nullable(),
    /** Who handed it out: a member's display name, or a former member's as they left (null: not known). */
    distributedByName: z.string().nullable(),
    /** distributedByName is a former member's (docs/vocabulary.md, "Authors"). */
    distributedByFormer: z.boolean(),
    notes: z.string().nullable(),
    /**
     * The note is for officers only (docs/decisions/019-public-visibility.md): the dashboard marks it; absent
     * on the public page, which never gets such a note.
     */
    notesPrivate: z.boolean().optional(),
    distributedAt: z.string(),
    /** The raid night it was handed out in. */
    eventId: z.uuid().nullable(),
  })
  .meta({ id: 'LootHistoryRow' })

export const ActivityRowSchema = z
  .object({
    id: z.uuid(),
    /**
     * The author's display name: a member's now, a former member's when they left; null for the system and
     * for a former member whose name was not kept (they left before names were, migration 0017).
     */
    userName: z.string().nullable(),
    /** Who acted (docs/vocabulary.md, "Authors"): shown as the name, the name marked "former member", or "System". */
    author: z.enum(AUTHOR_KINDS),
    /** One of AUDIT_ACTIONS; kept as text so an older row with a retired action still reads. */
    actionType: z.string(),
    tableName: z.string(),
    recordId: z.string().nullable(),
    description: z.string(),
    /** Why, as typed with a queue action. */
    note: z.string().nullable(),
    /** The note is for officers only (docs/decisions/019-public-visibility.md): the dashboard marks it. */
    notePrivate: z.boolean(),
    createdAt: z.string(),
    /** The raid night the action belongs to. */
    eventId: z.uuid().nullable(),
    /**
     * A queue undo took this action back (docs/product-rules.md, "Undo"): the undone action's row, and an
     * undone award's passes. The undo's own row ("Action undone") says what it took back.
     */
    undone: z.boolean(),
  })
  .meta({ id: 'ActivityRow' })

const pageOf = <T extends z.ZodType>(row: T, id: string) =>
  z
    .object({
      rows: z.array(row),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .meta({ id })

export const LootHistoryPageSchema = pageOf(LootHistoryRowSchema, 'LootHistoryPage')
export const ActivityPageSchema = pageOf(ActivityRowSchema, 'ActivityPage')

export type HistoryStats = z.infer<typeof HistoryStatsSchema>
export type LootHistoryRow = z.infer<typeof LootHistoryRowSchema>
export type ActivityRow = z.infer<typeof ActivityRowSchema>
export type LootHistoryPage = z.infer<typeof LootHistoryPageSchema>
export type ActivityPage = z.infer<typeof ActivityPageSchema>
export type LootQuery = z.input<typeof LootQuerySchema>
export type ActivityQuery = z.input<typeof ActivityQuerySchema>
