import enHistory from '../../../web/locales/en/history.json'
import enItems from '../../../web/locales/en/items.json'
import enPlayers from '../../../web/locales/en/players.json'
import ptHistory from '../../../web/locales/pt/history.json'
import ptItems from '../../../web/locales/pt/items.json'
import ptPlayers from '../../../web/locales/pt/players.json'
import { isTimeZone } from '../../../contract/history'
import { zonedTitle } from '../history/history.csv'
import { fold } from './import-values'

// Which field each column of a CSV file holds, from its header: our own exports' headers (the web's locale
// files), the screens' column names, and the words a spreadsheet would use, in Portuguese or English.

export type Field =
  | 'name'
  | 'player'
  | 'item'
  | 'notes'
  | 'status'
  | 'description'
  | 'rarity'
  | 'type'
  | 'public'
  | 'date'
  | 'previousPosition'
  | 'distributedBy'
  | 'notesPrivate'
  | 'rank'

type Words = { pt: string[]; en: string[]; both?: string[] }

const WORDS: Record<Field, Words> = {
  name: {
    pt: ['nome', ptPlayers.form.name, 'personagem', ptItems.form.name],
    en: ['name', enPlayers.form.name, 'character', enItems.form.name],
  },
  player: { pt: ['jogador', ptHistory.csv.lootPlayer], en: ['player', enHistory.csv.lootPlayer] },
  item: { pt: ['nome do item'], en: ['item name'], both: ['item', ptHistory.csv.lootItem] },
  notes: {
    pt: ['observacoes', 'observacao', 'notas', 'nota', 'obs', ptHistory.csv.lootNotes],
    en: ['notes', 'note', enHistory.csv.lootNotes],
  },
  status: { pt: ['situacao', 'estado'], en: ['state'], both: ['status'] },
  description: { pt: ['descricao'], en: ['description'] },
  rarity: { pt: ['raridade', ptHistory.csv.lootRarity], en: ['rarity', enHistory.csv.lootRarity] },
  type: {
    pt: ['tipo', 'tipo do item', ptHistory.csv.lootType],
    en: ['type', 'item type', enHistory.csv.lootType],
  },
  public: {
    pt: ['publico', 'visivel', 'visibilidade', 'pagina publica'],
    en: ['public', 'visible', 'visibility', 'public page'],
  },
  date: {
    pt: ['data', 'data/hora', 'distribuido em', ptHistory.csv.lootDate],
    en: ['date', 'date/time', 'distributed at', enHistory.csv.lootDate],
  },
  previousPosition: {
    pt: ['posicao anterior', ptHistory.csv.lootPreviousPosition],
    en: ['previous position', enHistory.csv.lootPreviousPosition],
  },
  distributedBy: {
    pt: ['distribuido por', ptHistory.csv.lootDistributedBy],
    en: ['distributed by', enHistory.csv.lootDistributedBy],
  },
  notesPrivate: {
    pt: ['so para oficiais', 'nota so para oficiais', ptHistory.csv.lootNotesPrivate],
    en: ['officers only note', enHistory.csv.lootNotesPrivate],
  },
  // "Rank" is the word Portuguese-speaking players use too, so it tells no language.
  rank: { pt: ['cargo', ptPlayers.columns.rank], en: [enPlayers.columns.rank], both: ['rank'] },
}

const BY_WORD = new Map<string, { field: Field; language: 'pt' | 'en' | null }>()
for (const [field, words] of Object.entries(WORDS) as [Field, Words][]) {
  for (const word of words.both ?? []) BY_WORD.set(fold(word), { field, language: null })
  for (const language of ['pt', 'en'] as const)
    for (const word of words[language]) {
      const key = fold(word)
      if (!BY_WORD.has(key)) BY_WORD.set(key, { field, language })
    }
}

/** "Fila: Espada Lendária" / "Queue - Sword": the player's position in that item's queue. */
const QUEUE_COLUMN = /^(?:fila|queue)\s*[:\-–—]\s*(.+)$/i

export type Columns = {
  /** Column index of each field found (the first column that names it). */
  fields: Partial<Record<Field, number>>
  /** Queue columns: the item named and the column's index. */
  queues: { itemName: string; index: number; header: string }[]
  ignored: string[]
  /** The header's language when its words tell ('Nome' vs 'Name'), else null. */
  language: 'pt' | 'en' | null
  /** The zone a date column's title names ("Data (America/Sao_Paulo)", as our exports write it), else null. */
  dateZone: string | null
}

/** A date column whose title names a zone its times are on: our exports' (history.csv.ts, csvClock). */
function zonedDate(title: string): { zone: string; language: 'pt' | 'en' | null } | null {
  const zoned = zonedTitle(title)
  if (!zoned || !isTimeZone(zoned.timeZone)) return null
  const known = BY_WORD.get(fold(zoned.words))
  return known?.field === 'date' ? { zone: zoned.timeZone, language: known.language } : null
}

export function readHeader(header: string[]): Columns {
  const fields: Columns['fields'] = {}
  const queues: Columns['queues'] = []
  const ignored: string[] = []
  const votes = { pt: 0, en: 0 }
  let dateZone: string | null = null
  header.forEach((title, index) => {
    const queue = QUEUE_COLUMN.exec(title.trim())
    if (queue) {
      queues.push({ itemName: queue[1]!.trim(), index, header: title })
      votes[/^fila/i.test(title.trim()) ? 'pt' : 'en']++
      return
    }
    const zoned = fields.date === undefined ? zonedDate(title) : null
    if (zoned) dateZone = zoned.zone
    const known = zoned ? { field: 'date' as const, language: zoned.language } : BY_WORD.get(fold(title))
    if (!known || fields[known.field] !== undefined) {
      if (title.trim() !== '') ignored.push(title)
      return
    }
    fields[known.field] = index
    if (known.language) votes[known.language]++
  })
  const language = votes.pt === votes.en ? null : votes.pt > votes.en ? 'pt' : 'en'
  return { fields, queues, ignored, language, dateZone }
}

/**
 * What the columns describe: loot history (a date), items, or players; null when none of them. A lone name
 * column says nothing, so the file's name decides ("itens.csv", "items.csv") and players otherwise.
 */
export function kindOf(columns: Columns, fileName: string): 'players' | 'items' | 'history' | null {
  const has = (field: Field) => columns.fields[field] !== undefined
  if (has('date')) return 'history'
  if (has('item') || has('description') || has('rarity') || has('type') || has('public')) return 'items'
  if (
    has('name') &&
    columns.queues.length === 0 &&
    !has('notes') &&
    !has('status') &&
    !has('rank') &&
    ITEMS_FILE.test(fileName)
  )
    return 'items'
  if (has('name') || has('player')) return 'players'
  return null
}

const ITEMS_FILE = /\b(items?|itens)\b/i
