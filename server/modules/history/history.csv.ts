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

/** "2024-05-01 21:30:00" on the reader's clock: sortable, and every spreadsheet parses it as a date. */
export function csvDateTime(date: Date, timeZone: string): string {
  return wallClock(timeZone).format(date)
}
