import { PlayerInputSchema } from '../../../contract/players'
import { ImportedItemSchema, ImportedReceiptSchema } from '../../../contract/imports'
import { type Columns, type Field, kindOf, readHeader } from './csv-columns'
import { type CsvRecord, parseCsv } from './csv-parse'
import { checkWith, emptyRecords, type FileReading, type RawProblem, type Where } from './import-records'
import {
  parseDate,
  parseOfficersOnly,
  parsePlayerStatus,
  parsePosition,
  parseRarity,
  parseVisibility,
} from './import-values'

// A CSV file: players (with optional rank and queue columns), items, or loot history, told apart by its header.

type Context = { file: string; timeZone: string; language: 'pt' | 'en' }

export function readCsvFile(file: string, text: string, options: Omit<Context, 'file'>): FileReading {
  const table = parseCsv(text)
  const reading: FileReading = {
    ...emptyRecords(),
    kind: null,
    settings: null,
    nightSettings: null,
    rules: null,
    leftOut: [],
    delimiter: table.delimiter,
    rows: table.records.length,
    ignoredColumns: [],
    warnings: [],
    problems: [],
  }
  const fileWhere: Where = { file, line: 1, section: null, index: null }
  if (table.header.length === 0) {
    reading.problems.push({ ...fileWhere, code: 'emptyFile', field: null, value: null })
    return reading
  }
  const columns = readHeader(table.header)
  const kind = kindOf(columns, file)
  reading.ignoredColumns = columns.ignored
  if (!kind) {
    reading.problems.push({
      ...fileWhere,
      code: 'unknownColumns',
      field: null,
      value: table.header.join(', '),
    })
    return reading
  }
  reading.kind = kind
  const missing = MISSING[kind](columns)
  if (missing) {
    reading.problems.push({ ...fileWhere, code: 'missingColumn', field: missing, value: null })
    return reading
  }
  // Queue columns belong to a roster; anywhere else nobody would know whose position they hold.
  if (kind !== 'players') reading.ignoredColumns.push(...columns.queues.map((q) => q.header))
  // Dates without an offset are on the zone the date column names (our exports), else the request's.
  const ctx: Context = {
    file,
    timeZone: columns.dateZone ?? options.timeZone,
    language: columns.language ?? options.language,
  }
  const cellOf = (record: CsvRecord, field: Field) => {
    const index = columns.fields[field]
    return index === undefined ? undefined : (record.cells[index] ?? '')
  }
  const label = (field: Field) => table.header[columns.fields[field]!] ?? field
  const read = { players: readPlayer, items: readItem, history: readReceipt }[kind]
  for (const record of table.records) {
    read(record, { ctx, columns, cellOf, label, reading, header: table.header })
  }
  const extra = linesWithExtraCells(table.records, table.header.length)
  if (extra.length > 0)
    reading.warnings.push({ code: 'extraCells', places: extra.map((r) => whereOf(ctx, r)), value: null })
  return reading
}

/**
 * Records with a written cell beyond the header's columns: no field reads it, so the preview names their
 * lines. Empty cells there (a separator at a line's end, as some spreadsheets write) hold nothing to lose.
 */
function linesWithExtraCells(records: CsvRecord[], columns: number): CsvRecord[] {
  return records.filter(
    (r) => r.cells.length > columns && r.cells.slice(columns).some((c) => c.trim() !== ''),
  )
}

/** A column without which no record of the kind can be read. */
const MISSING: Record<'players' | 'items' | 'history', (columns: Columns) => Field | null> = {
  players: () => null,
  items: ({ fields }) => (fields.name === undefined && fields.item === undefined ? 'name' : null),
  history: ({ fields }) =>
    fields.item === undefined ? 'item' : fields.player === undefined ? 'player' : null,
}

type RowContext = {
  ctx: Context
  columns: Columns
  cellOf: (record: CsvRecord, field: Field) => string | undefined
  label: (field: Field) => string
  reading: FileReading
  header: string[]
}

const whereOf = (ctx: Context, record: CsvRecord): Where => ({
  file: ctx.file,
  line: record.line,
  section: null,
  index: null,
})

function problem(list: RawProblem[], where: Where, code: RawProblem['code'], field: string, value: string) {
  list.push({ ...where, code, field, value })
}

function readPlayer(record: CsvRecord, { ctx, columns, cellOf, label, reading, header }: RowContext) {
  const where = whereOf(ctx, record)
  const nameField: Field = columns.fields.name !== undefined ? 'name' : 'player'
  const statusText = cellOf(record, 'status') ?? ''
  const playerStatus = parsePlayerStatus(statusText)
  if (!playerStatus) problem(reading.problems, where, 'unknownStatus', label('status'), statusText)
  const labels: Record<string, string> = {
    name: label(nameField),
    notes: columns.fields.notes === undefined ? 'notes' : label('notes'),
  }
  const input = {
    name: cellOf(record, nameField) ?? '',
    notes: cellOf(record, 'notes'),
    playerStatus: playerStatus ?? 'active',
  }
  const values = checkWith(PlayerInputSchema, input, where, (f) => labels[f] ?? f, reading.problems)
  for (const queue of columns.queues) {
    const cell = (record.cells[queue.index] ?? '').trim()
    if (cell === '') continue
    const position = parsePosition(cell)
    if (position === undefined) {
      problem(reading.problems, where, 'invalidPosition', header[queue.index]!, cell)
      continue
    }
    if (!values || !playerStatus) continue
    reading.queues.push({
      where,
      field: header[queue.index]!,
      item: { name: queue.itemName },
      player: { name: values.name },
      position,
      attendanceStatus: 'pending',
      timesReceived: 0,
      timesAbsent: 0,
      penaltyUntil: null,
      penaltyNote: null,
      penaltyNotePrivate: false,
      createdAt: null,
    })
  }
  if (!values || !playerStatus) return
  // A rank by name: the planner finds it among the guild's ranks and the import's (import-plan.ts, rankOf).
  const rankName = (cellOf(record, 'rank') ?? '').trim()
  const rank = rankName === '' ? null : { name: rankName, column: label('rank') }
  reading.players.push({ where, key: null, ...values, playerStatus, createdAt: null, rank })
}

function readItem(record: CsvRecord, { ctx, columns, cellOf, label, reading }: RowContext) {
  const where = whereOf(ctx, record)
  const nameField: Field = columns.fields.name !== undefined ? 'name' : 'item'
  const rarityText = cellOf(record, 'rarity') ?? ''
  const rarity = parseRarity(rarityText)
  if (rarity === undefined) problem(reading.problems, where, 'unknownRarity', label('rarity'), rarityText)
  const publicText = cellOf(record, 'public') ?? ''
  const isPublicVisible = parseVisibility(publicText)
  if (isPublicVisible === undefined)
    problem(reading.problems, where, 'invalidVisibility', label('public'), publicText)
  const fieldOf: Record<string, Field> = { name: nameField, description: 'description', itemType: 'type' }
  const values = checkWith(
    ImportedItemSchema,
    {
      name: cellOf(record, nameField) ?? '',
      description: cellOf(record, 'description'),
      rarity: rarity ?? null,
      itemType: cellOf(record, 'type'),
      isPublicVisible: isPublicVisible ?? true,
    },
    where,
    (f) => (fieldOf[f] && columns.fields[fieldOf[f]] !== undefined ? label(fieldOf[f]) : f),
    reading.problems,
  )
  if (!values || rarity === undefined || isPublicVisible === undefined) return
  reading.items.push({ where, key: null, ...values, rarity: values.rarity ?? null, createdAt: null })
}

function readReceipt(record: CsvRecord, { ctx, columns, cellOf, label, reading }: RowContext) {
  const where = whereOf(ctx, record)
  const dateText = cellOf(record, 'date') ?? ''
  const distributedAt = parseDate(dateText, { dayFirst: ctx.language === 'pt', timeZone: ctx.timeZone })
  if (!distributedAt) problem(reading.problems, where, 'invalidDate', label('date'), dateText)
  const rarityText = cellOf(record, 'rarity') ?? ''
  const rarity = parseRarity(rarityText)
  if (rarity === undefined) problem(reading.problems, where, 'unknownRarity', label('rarity'), rarityText)
  const positionText = (cellOf(record, 'previousPosition') ?? '').trim()
  const previousQueuePosition = positionText === '' ? null : parsePosition(positionText)
  if (previousQueuePosition === undefined)
    problem(reading.problems, where, 'invalidPosition', label('previousPosition'), positionText)
  const privateText = cellOf(record, 'notesPrivate') ?? ''
  const notesPrivate = parseOfficersOnly(privateText)
  if (notesPrivate === undefined)
    problem(reading.problems, where, 'invalidVisibility', label('notesPrivate'), privateText)
  const fieldOf: Record<string, Field> = {
    itemName: 'item',
    playerName: 'player',
    itemType: 'type',
    notes: 'notes',
  }
  const values = checkWith(
    ImportedReceiptSchema,
    {
      itemName: cellOf(record, 'item') ?? '',
      playerName: cellOf(record, 'player') ?? '',
      itemType: cellOf(record, 'type'),
      notes: cellOf(record, 'notes'),
    },
    where,
    (f) => (fieldOf[f] && columns.fields[fieldOf[f]] !== undefined ? label(fieldOf[f]) : f),
    reading.problems,
  )
  if (!values || !distributedAt || rarity === undefined || previousQueuePosition === undefined) return
  if (notesPrivate === undefined) return
  const by = (cellOf(record, 'distributedBy') ?? '').trim()
  reading.history.push({
    where,
    item: { name: values.itemName },
    player: { name: values.playerName },
    itemName: values.itemName,
    playerName: values.playerName,
    // Without the column, the item's own rarity and type are used.
    itemRarity: columns.fields.rarity === undefined ? undefined : rarity,
    itemType: columns.fields.type === undefined ? undefined : values.itemType,
    notes: values.notes,
    // Ignored without a note, as an action ignores it.
    notesPrivate: notesPrivate && values.notes !== null,
    previousQueuePosition,
    distributedAt,
    distributedByName: by === '' ? null : by,
  })
}
