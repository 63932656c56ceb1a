import type { Language } from '../../../contract/enums'

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

// Building a DateTimeFormat costs far more than using one: one per time zone, reused for every row.
const formatters = new Map<string, Intl.DateTimeFormat>()

/** "2024-05-01 21:30:00" on the reader's clock: sortable, and every spreadsheet parses it as a date. */
export function csvDateTime(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter.format(date)
}
