import { describeAuthor } from '../../../contract/activity-author'
import { describeActivity, type NightZone } from '../../../contract/activity-description'
import type { Language, Rarity } from '../../../contract/enums'
import { LOCALE_OF } from '../../../contract/plans'
import { sameClock, zoneName } from '../../../contract/zone-name'
import type { Deps } from '../../deps'
import type { Logger } from '../../lib/logger'
import { BOM, csvClock, csvDelimiter, csvLine } from './history.csv'
import { actionLabel, historyCatalog, historyTranslate } from './history.i18n'
import {
  type ActivityFilter,
  activityBatchAfter,
  type Cursor,
  type LootFilter,
  lootBatchAfter,
} from './history.queries'
import { type ActivityReader, activityFilter, presentActivityRow, presentLootRow } from './history.service'

// CSV exports stream in keyset batches: a large history never sits whole in memory, and on PGlite
// (one connection) other requests get their turn between batches.
const BATCH = 2000

type ExportDeps = Pick<Deps, 'database' | 'logger'>
/** `timeZone`: the guild's, the clock of every date in the file (csvClock). */
type ExportOptions = { language: Language; timeZone: string }
type Cell = string | number | null | undefined

function csvStream<Row extends { cursorAt: string; cursorTie: string }>(
  header: string[],
  delimiter: string,
  nextBatch: (cursor: Cursor | null) => Promise<Row[]>,
  toCells: (row: Row) => Cell[],
  logger: Logger,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let cursor: Cursor | null = null
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await nextBatch(cursor)
        // The first chunk carries the header and the first batch, so primed() knows the query works.
        const head = started ? '' : BOM + csvLine(header, delimiter)
        started = true
        controller.enqueue(
          encoder.encode(head + rows.map((row) => csvLine(toCells(row), delimiter)).join('')),
        )
        const last = rows.at(-1)
        if (last) cursor = { at: last.cursorAt, tie: last.cursorTie }
        if (rows.length < BATCH) controller.close()
      } catch (error) {
        // After the status line: the server drops the connection mid-body, so the download fails instead of
        // passing for a complete file (a chunked body without its final chunk).
        logger.error('history export failed', { error: String(error) })
        controller.error(error)
      }
    },
  })
}

/**
 * Reads a stream's first chunk before the response starts: a failing first query then answers an error
 * (the handler throws) instead of a 200 that breaks off. Later failures still abort the body.
 */
export async function primed(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = stream.getReader()
  const first = await reader.read()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close()
      else controller.enqueue(first.value)
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

export function lootCsv(deps: ExportDeps, guildId: string, filter: LootFilter, options: ExportOptions) {
  const { language, timeZone } = options
  const t = historyCatalog(language)
  const clock = csvClock(timeZone)
  const header = [
    clock.title(t.csv.lootDate),
    t.csv.lootItem,
    t.csv.lootRarity,
    t.csv.lootType,
    t.csv.lootPlayer,
    t.csv.lootPreviousPosition,
    t.csv.lootDistributedBy,
    t.csv.lootNotes,
    // Officers-only notes (docs/decisions/019-public-visibility.md): said, so an import keeps them so.
    t.csv.lootNotesPrivate,
  ]
  const rarityLabel = (rarity: string | null) => (rarity ? (t.rarity[rarity as Rarity] ?? rarity) : '')
  const words = historyTranslate(language)
  const distributedBy = (read: Parameters<typeof presentLootRow>[0]) => {
    const row = presentLootRow(read)
    return row.distributedByFormer
      ? describeAuthor('former_member', row.distributedByName, words)
      : row.distributedByName
  }
  return csvStream(
    header,
    csvDelimiter(language),
    (cursor) => lootBatchAfter(deps.database.db, guildId, filter, cursor, BATCH),
    (row) => [
      clock.cell(row.distributedAt),
      row.itemName,
      rarityLabel(row.itemRarity),
      row.itemType,
      row.playerName,
      row.previousQueuePosition,
      distributedBy(row),
      row.notes,
      row.notesPrivate ? t.csv.yes : '',
    ],
    deps.logger,
  )
}

export function activityCsv(
  deps: ExportDeps,
  guildId: string,
  { search, eventId }: { search?: string; eventId?: string },
  options: ExportOptions & Pick<ActivityReader, 'seesEmails'>,
) {
  const { language, timeZone } = options
  const { db } = deps.database
  // Resolved with the first batch (the stream starts when it is read), then the same for every batch.
  let filter: Promise<ActivityFilter> | undefined
  const t = historyCatalog(language)
  const words = historyTranslate(language)
  // The file's dates are on the guild's clock (csvClock), as a night's time a description quotes; a night
  // typed under another zone (before the guild's changed) says its zone when the file's clock reads otherwise
  // (docs/product-rules.md, "Raid nights").
  const nightZone: NightZone = (zone, at) =>
    sameClock(zone, timeZone, [at]) ? null : zoneName(zone, LOCALE_OF[language], at)
  const describe = (actionType: string, description: string) =>
    describeActivity(actionType, description, words, nightZone)
  const clock = csvClock(timeZone)
  const header = [
    clock.title(t.csv.activityDate),
    t.csv.activityUser,
    t.csv.activityAction,
    t.csv.activityActionCode,
    t.csv.activityDescription,
    t.csv.activityTable,
    t.csv.activityRecord,
    t.csv.activityNote,
    t.csv.activityNotePrivate,
    // Undone by a queue undo (docs/product-rules.md, "Undo"), as the screen marks it.
    t.csv.activityUndone,
  ]
  return csvStream(
    header,
    csvDelimiter(language),
    async (cursor) => {
      filter ??= activityFilter(db, guildId, options, search, eventId)
      return activityBatchAfter(db, guildId, await filter, cursor, BATCH)
    },
    (read) => {
      // As the screen's rows: the author as the contract tells it, no e-mail the reader may not see.
      const row = presentActivityRow(read, options)
      return [
        clock.cell(read.createdAt),
        describeAuthor(row.author, row.userName, words),
        actionLabel(language, row.actionType),
        row.actionType,
        describe(row.actionType, row.description),
        row.tableName,
        row.recordId,
        row.note,
        row.notePrivate ? t.csv.yes : '',
        read.undoneAt ? t.csv.yes : '',
      ]
    },
    deps.logger,
  )
}
