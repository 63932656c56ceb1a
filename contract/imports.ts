import { z } from 'zod'
import { optionalText, text, nameText } from './common'
import { NO_SHOW_RULES, PLAYER_STATUSES, RARITIES } from './enums'
import { timeZoneParam } from './history'
import { ITEM_NAME_MAX, ITEM_TYPE_MAX, ItemInputSchema } from './items'
import { PLAYER_NAME_MAX } from './players'
import { PublicVisibilitySchema } from './public-visibility'
import { QUEUE_NOTE_MAX } from './queue-limits'
import { RANK_NAME_MAX } from './ranks'

// Importing a guild's data (players, items, queues, loot history) from CSV files or the guild's JSON export.
// Two requests with the same body: a preview that writes nothing, then the import itself.
// See docs/decisions/012-imports-and-player-page.md.

/** All files of one import together, in UTF-8 bytes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** Data rows of all files together (CSV records after the header; JSON records of every list). */
export const IMPORT_MAX_ROWS = 50_000
export const IMPORT_MAX_FILES = 5
/** Previews and imports of one guild together, per hour (server/platform/rate-limit). */
export const IMPORT_REQUESTS_PER_HOUR = 60
/** Problems listed in an answer; the count says how many there are in all. */
export const IMPORT_PROBLEMS_LISTED = 1000
/** Records of each kind shown as "first rows" in the preview. */
export const IMPORT_SAMPLE_ROWS = 5

export const IMPORT_KINDS = ['players', 'items', 'history', 'guildExport'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** Lists of the guild JSON export that an import reads; a JSON problem names one and the record's number. */
export const IMPORT_SECTIONS = [
  'ranks',
  'players',
  'items',
  'queues',
  'raidNights',
  'raidNightAttendance',
  'lootHistory',
] as const
export type ImportSection = (typeof IMPORT_SECTIONS)[number]

/**
 * What a guild JSON export holds that an import does not take (docs/decisions/012-imports-and-player-page.md),
 * in the order the preview lists it. Texts: web/locales/<lang>/imports.json `preview.leftOutParts`.
 */
export const IMPORT_LEFT_OUT = [
  'auditLog',
  'members',
  'invitations',
  'integrations',
  'accessLog',
  'guildName',
  'publicPassword',
  'subscription',
  'distributors',
] as const
export type ImportLeftOut = (typeof IMPORT_LEFT_OUT)[number]

/** Why a row (or a whole file) cannot be imported. Texts: web/locales/<lang>/imports.json `problems`. */
export const IMPORT_PROBLEM_CODES = [
  'notUtf8',
  'emptyFile',
  'unknownColumns',
  'missingColumn',
  'invalidJson',
  'unknownFormat',
  'invalidRecord',
  'missingName',
  'tooLong',
  'controlCharacters',
  'unknownRarity',
  'unknownStatus',
  'invalidVisibility',
  'duplicatePlayer',
  'duplicateItem',
  'unknownItem',
  'unknownPlayer',
  'invalidDate',
  'invalidPosition',
  'duplicatePosition',
  'duplicateQueueEntry',
  'duplicateHistory',
  'unknownRaidNight',
  'duplicateRaidNight',
  'duplicateAttendance',
  'invalidTimes',
  'raidNightOverlap',
  'raidNightOverlapsGuild',
  'duplicateRank',
  'unknownRank',
  /** A CSV rank column naming a rank neither the guild nor the import has. */
  'unknownRankName',
  'tooManyRanks',
  /** The guild's time zone in an export is no IANA zone (the raid-night settings form's check). */
  'invalidTimeZone',
  /** The guild's no-show rule in an export is none the product knows. */
  'unknownNoShowRule',
] as const
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number]

/**
 * What the preview tells without refusing the import: importing after it is accepting it. Texts:
 * web/locales/<lang>/imports.json `warnings`.
 */
export const IMPORT_WARNING_CODES = [
  /** A player named more than once with the same data: imported once. */
  'repeatedPlayer',
  /** CSV records with more cells than the header has columns: the extra cells are not imported. */
  'extraCells',
] as const
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number]

/** An item as a file describes it: the item form's rules, and whether the public page shows it. */
export const ImportedItemSchema = ItemInputSchema.omit({ minRankId: true }).extend({
  isPublicVisible: z.boolean(),
})

/** A receipt of the loot history: the names as they were then, and the note (the queue's note limit). */
export const ImportedReceiptSchema = z.object({
  itemName: nameText(ITEM_NAME_MAX),
  playerName: nameText(PLAYER_NAME_MAX),
  itemType: optionalText(ITEM_TYPE_MAX),
  notes: optionalText(QUEUE_NOTE_MAX),
  /** The note is for officers only (docs/decisions/019-public-visibility.md); ignored without a note. */
  notesPrivate: z.boolean().nullish(),
})

export const ImportFileSchema = z.object({
  name: text().trim().min(1, 'required').max(200),
  /** The file's text (UTF-8, a byte order mark allowed). Its size is checked against IMPORT_MAX_BYTES. */
  content: z.string(),
})

export const ImportRequestSchema = z
  .object({
    files: z.array(ImportFileSchema).min(1).max(IMPORT_MAX_FILES),
    /**
     * How dates without an offset in a CSV file are read (the browser's zone); UTC when absent. A date column
     * naming its zone ("Data (America/Sao_Paulo)", our exports) is read on that zone instead.
     */
    timeZone: timeZoneParam,
  })
  .meta({ id: 'ImportRequest' })

export const ImportProblemSchema = z
  .object({
    file: z.string(),
    /** CSV: the line the record starts on (the header is line 1). Null for JSON records and whole files. */
    line: z.number().int().nullable(),
    /** JSON: the list and the record's number in it (from 1). */
    section: z.enum(IMPORT_SECTIONS).nullable(),
    index: z.number().int().nullable(),
    code: z.enum(IMPORT_PROBLEM_CODES),
    /** The column (as the file names it) or field the problem is in. */
    field: z.string().nullable(),
    /** The value refused, as written. */
    value: z.string().nullable(),
    /** The reason in the request's language. */
    message: z.string(),
  })
  .meta({ id: 'ImportProblem' })

/** A place in the files: a CSV line (the header is line 1), or a JSON list and a record's number in it. */
export const ImportPlaceSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  section: z.enum(IMPORT_SECTIONS).nullable(),
  index: z.number().int().nullable(),
})

export const ImportWarningSchema = z
  .object({
    code: z.enum(IMPORT_WARNING_CODES),
    /** The rows it is about, in file and line order (the first IMPORT_PROBLEMS_LISTED; the message counts all). */
    places: z.array(ImportPlaceSchema),
    /** What it names besides the rows (the player's name), as the file writes it. */
    value: z.string().nullable(),
    /** The warning in the request's language, the rows named. */
    message: z.string(),
  })
  .meta({ id: 'ImportWarning' })

/** A rank of the guild's JSON export: a name (the ranks' rule) and its level, 0 the highest. */
export const ImportedRankSchema = z.object({
  name: nameText(RANK_NAME_MAX),
  level: z.number().int().min(0),
})

/**
 * The guild's settings an export carries back (docs/decisions/018-ranks.md, 019-public-visibility.md): "rank
 * first" and what the public page shows, with the export's field names.
 */
export const ImportedSettingsSchema = z.object({
  rankFirst: z.boolean(),
  publicShowNotes: PublicVisibilitySchema.shape.showNotes,
  publicShowCounters: PublicVisibilitySchema.shape.showCounters,
  publicQueueMode: PublicVisibilitySchema.shape.queueMode,
  publicQueueFirst: PublicVisibilitySchema.shape.queueFirst,
  publicShowAttendance: PublicVisibilitySchema.shape.showAttendance,
})
export type ImportedSettings = z.infer<typeof ImportedSettingsSchema>

const created = z.object({
  /** Rows the import adds. */
  create: z.number().int(),
  /** Rows found already in the guild (by name, or the same receipt): kept as they are. */
  existing: z.number().int(),
})

export const ImportCountsSchema = z
  .object({
    /** Ranks: one with the same name (case and accents aside) is already in the guild. */
    ranks: created,
    players: created,
    items: created,
    queueEntries: created,
    history: created,
    /** Raid nights (events): one with the same name and start is already in the guild. */
    raidNights: created,
    /** Attendance marks: a player already marked on a night the guild has keeps that mark. */
    attendance: created,
  })
  .meta({ id: 'ImportCounts' })

export const ImportPreviewSchema = z
  .object({
    files: z.array(
      z.object({
        name: z.string(),
        kind: z.enum(IMPORT_KINDS).nullable(),
        delimiter: z.enum([';', ',']).nullable(),
        rows: z.number().int(),
        /** Columns of a CSV file that no field reads (left out of the import). */
        ignoredColumns: z.array(z.string()),
      }),
    ),
    counts: ImportCountsSchema,
    /** The first records of each kind the import adds, as they will be stored. */
    sample: z.object({
      players: z.array(
        z.object({
          name: z.string(),
          notes: z.string().nullable(),
          playerStatus: z.enum(PLAYER_STATUSES),
          /** The rank's name, the guild's or one the import adds (null: none): a rank column is checked here. */
          rankName: z.string().nullable(),
        }),
      ),
      items: z.array(
        z.object({
          name: z.string(),
          rarity: z.enum(RARITIES).nullable(),
          itemType: z.string().nullable(),
          isPublicVisible: z.boolean(),
        }),
      ),
      queueEntries: z.array(
        z.object({ itemName: z.string(), playerName: z.string(), position: z.number().int() }),
      ),
      history: z.array(z.object({ itemName: z.string(), playerName: z.string(), distributedAt: z.string() })),
    }),
    problems: z.array(ImportProblemSchema),
    /** Every problem found; `problems` lists the first IMPORT_PROBLEMS_LISTED. */
    problemCount: z.number().int(),
    /** What the import does that the files may not mean (a repeated player, extra cells): it does not stop it. */
    warnings: z.array(ImportWarningSchema),
    /** "Distributed by" names of the history that are no member of this guild: stored without an author. */
    unknownDistributors: z.array(z.string()),
    /** The import sets the guild's "rank first" and public page settings to the export's. */
    setsSettings: z.boolean(),
    /**
     * The guild's time zone and no-show rule (the raid-night settings) as the import sets them, the export's:
     * when the file carries either and it differs from the guild's; null otherwise.
     */
    setsNightSettings: z.object({ timeZone: z.string(), noShowRule: z.enum(NO_SHOW_RULES) }).nullable(),
    /**
     * The guild's public rules: `imported` when the guild has none and the export's become its rules,
     * `kept` when the guild has its own (other than the export's): an import never overwrites them. Null: the
     * files carry none, or the same text.
     */
    publicRules: z.enum(['imported', 'kept']).nullable(),
    /** What the files hold that the import does not take (IMPORT_LEFT_OUT order); only what they hold. */
    leftOut: z.array(z.enum(IMPORT_LEFT_OUT)),
  })
  .meta({ id: 'ImportPreview' })

export const ImportResultSchema = z.object({ counts: ImportCountsSchema }).meta({ id: 'ImportResult' })

export type ImportRequest = z.input<typeof ImportRequestSchema>
export type ImportProblem = z.infer<typeof ImportProblemSchema>
export type ImportWarning = z.infer<typeof ImportWarningSchema>
export type ImportCounts = z.infer<typeof ImportCountsSchema>
export type ImportPreview = z.infer<typeof ImportPreviewSchema>
export type ImportResult = z.infer<typeof ImportResultSchema>
