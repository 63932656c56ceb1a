import type { Language } from '../../../contract/enums'
import { wallClock } from '../../../contract/wall-clock'

/** Spreadsheets read a file as UTF-8 only when it starts with a byte order mark. */
export const BOM = '\uFEFF'

/**
 * Excel in pt-BR uses ';' as its list separator (the comma is the decimal mark), so a comma-separated
 * file opens as one column there. Each language gets the separator its spreadsheets expect.
 */
export function csvDelimiter(language: Language): ';' | ',' {
  return language === 'pt' ? ';' : ','
}

/** A cell a spreadsheet would run as a formula (OWASP CSV injection) is prefixed with an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null | undefined, delimiter: string): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim()
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(cells: (string | number | null | undefined)[], delimiter: string): string {
  return `${cells.map((cell) => csvCell(cell, delimiter)).join(delimiter)}\r\n`
}

/** "2024-05-01 21:30:00" on `timeZone`'s clock: sortable, and every spreadsheet parses it as a date. */
export function csvDateTime(date: Date, timeZone: string): string {
  return wallClock(timeZone).format(date)
}

/**
 * The dates of every CSV the product exports, on one clock that the file names: the guild's time zone (the one
 * its raid nights are typed on), whoever downloads it, and in the date column's title, "Data (America/Sao_Paulo)".
 * A file passed around or imported elsewhere then reads the same (docs/product-rules.md, "History and
 * activity"); the import reads the zone back from the title (server/modules/imports/csv-columns.ts).
 */
export function csvClock(timeZone: string) {
  return {
    title: (words: string) => `${words} (${timeZone})`,
    cell: (date: Date) => csvDateTime(date, timeZone),
  }
}

/** A date column's title as csvClock writes it: its words and the zone named (null: no zone in parentheses). */
export function zonedTitle(title: string): { words: string; timeZone: string } | null {
  const match = /^(.*\S)\s*\(\s*([A-Za-z][\w+\-/]*)\s*\)$/.exec(title.trim())
  return match ? { words: match[1]!, timeZone: match[2]! } : null
}
