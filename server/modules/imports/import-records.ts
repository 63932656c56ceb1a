import type { z } from 'zod'
import { issueLimit } from '../../../contract/common'
import type { PlayerStatus, Rarity } from '../../../contract/enums'
import type {
  ImportedSettings,
  ImportLeftOut,
  ImportProblemCode,
  ImportSection,
  ImportWarningCode,
} from '../../../contract/imports'
import type { RaidNightSettings, RaidNightStatus } from '../../../contract/raid-nights'
import type { EntryState } from '../queues/queues.queries'
import type { NightAttendance } from '../../../contract/enums'
import type { ErrorVar } from '../../lib/app-error'

// What the readers of each file format hand to the planner: records in one shape whatever the file, each
// with where it came from, and the problems found in single records.

export type Where = { file: string; line: number | null; section: ImportSection | null; index: number | null }

export type RawProblem = Where & {
  code: ImportProblemCode
  field: string | null
  value: string | null
  /** A text too long (tooLong): the most characters its field takes, the contract schema's maximum. */
  max?: number
  /** What else the message names, some said in the reader's language (a night's date and hours). */
  vars?: Record<string, ErrorVar>
}

/** What the preview tells without stopping the import (ImportWarning before it is put in words). */
export type RawWarning = { code: ImportWarningCode; places: Where[]; value: string | null }

/** An item or a player named by a record: by name (CSV) or by its id inside the same JSON file. */
export type Ref = { name: string } | { key: string; name: string }

/** A rank named by its id inside the same JSON file (`id`: as the file gives it, for problems). */
export type RankRef = { key: string; id: string }

/** A rank named in a CSV cell (`column`: the column's header, for problems). */
export type RankName = { name: string; column: string }

export type PlayerRecord = {
  where: Where
  key: string | null
  name: string
  notes: string | null
  playerStatus: PlayerStatus
  createdAt: Date | null
  /** The player's rank: an id of the JSON export, or a CSV rank column's name; null or missing: none. */
  rank?: RankRef | RankName | null
}

export type ItemRecord = {
  where: Where
  key: string | null
  name: string
  description: string | null
  rarity: Rarity | null
  itemType: string | null
  isPublicVisible: boolean
  createdAt: Date | null
  /** The item's minimum rank (JSON export only); null or missing: none. */
  minRank?: RankRef | null
}

/** A rank of the guild's JSON export. */
export type RankRecord = {
  where: Where
  key: string
  name: string
  level: number
  createdAt: Date | null
}

export type QueueRecord = EntryState & {
  where: Where
  /** Column or field named in a problem about this entry. */
  field: string
  item: Ref
  player: Ref
  position: number
  createdAt: Date | null
}

export type HistoryRecord = {
  where: Where
  /** Null: the item was deleted before the export (the row keeps its name). */
  item: Ref | null
  player: Ref | null
  itemName: string
  /** Undefined when the file does not say (no such column): the item's own is used. */
  itemRarity: Rarity | null | undefined
  itemType: string | null | undefined
  playerName: string
  notes: string | null
  /** The note is for officers only (a JSON export says so; a CSV never does). */
  notesPrivate: boolean
  previousQueuePosition: number | null
  distributedAt: Date
  distributedByName: string | null
  /** The raid night it was awarded in, by its id inside the same JSON file; CSV rows name none. */
  night?: NightRef | null
}

/** A raid night named by its id inside the same JSON file (`id`: as the file gives it, for problems). */
export type NightRef = { key: string; id: string }

/** A raid night of the guild's JSON export (records point at it by its id inside the file). */
export type NightRecord = {
  where: Where
  key: string
  name: string
  description: string | null
  startsAt: Date
  endsAt: Date | null
  status: RaidNightStatus
  createdAt: Date | null
}

/** One player's mark on one night of the same JSON file. */
export type MarkRecord = {
  where: Where
  night: NightRef
  player: Ref
  status: NightAttendance
}

export type FileRecords = {
  ranks: RankRecord[]
  players: PlayerRecord[]
  items: ItemRecord[]
  queues: QueueRecord[]
  history: HistoryRecord[]
  nights: NightRecord[]
  marks: MarkRecord[]
}

export type FileReading = FileRecords & {
  /** The guild's settings a JSON export carries (null: none, or a CSV file). */
  settings: ImportedSettings | null
  /** The guild's time zone and no-show rule a JSON export carries, those it has (null: none, or a CSV). */
  nightSettings: Partial<RaidNightSettings> | null
  /** The guild's public rules a JSON export carries (null: none, or a CSV file). */
  rules: string | null
  /** What a JSON export holds that the import does not take (IMPORT_LEFT_OUT). */
  leftOut: ImportLeftOut[]
  kind: 'players' | 'items' | 'history' | 'guildExport' | null
  delimiter: ';' | ',' | null
  rows: number
  ignoredColumns: string[]
  problems: RawProblem[]
  warnings: RawWarning[]
}

export const emptyRecords = (): FileRecords => ({
  ranks: [],
  players: [],
  items: [],
  queues: [],
  history: [],
  nights: [],
  marks: [],
})

/**
 * Checks `input` with a contract schema. Its messages become problem codes: 'required' is a missing name,
 * 'controlCharacters' refused characters, a maximum a text too long (with the maximum, for its message);
 * anything else an invalid record.
 * `label` turns a schema field into the column or field name the file uses.
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: Where,
  label: (field: string) => string,
  problems: RawProblem[],
): z.output<S> | null {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    const raw = (input as Record<string, unknown>)?.[field]
    const value = typeof raw === 'string' ? raw : raw == null ? null : String(raw)
    const limit = issueLimit(issue)
    const code: ImportProblemCode =
      issue.message === 'required'
        ? 'missingName'
        : issue.message === 'controlCharacters'
          ? 'controlCharacters'
          : limit
            ? 'tooLong'
            : 'invalidRecord'
    problems.push({
      ...where,
      code,
      field: label(field),
      value: code === 'missingName' ? null : value,
      ...(code === 'tooLong' ? limit : {}),
    })
  }
  return null
}
