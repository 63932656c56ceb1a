// CSV as spreadsheets and our own exports write it (RFC 4180): quoted cells may hold the separator, quotes
// (doubled) and line breaks; lines end in CRLF or LF. Portuguese files use ';', English ','
// (server/modules/history/history.csv.ts): the header line decides.

export type CsvRecord = {
  /** The line the record starts on; the header is line 1. */
  line: number
  cells: string[]
}

export type CsvTable = { delimiter: ';' | ','; header: string[]; records: CsvRecord[] }

/** The separator the header uses most outside quotes; a one-column file reads as ','. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch === ';') semicolons++
    else if (!quoted && ch === ',') commas++
  }
  return semicolons > commas ? ';' : ','
}

/** Our exports put an apostrophe before a cell a spreadsheet would run as a formula: taken off again. */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/

function unescapeCell(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell
}

/**
 * Splits `text` (without a byte order mark) into records. Lines whose cells are all empty are skipped. A
 * quote left open runs to the end of the file, as spreadsheets read it.
 */
export function parseCsv(text: string): CsvTable {
  const delimiter = detectDelimiter(text)
  const rows: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let startLine = 1
  let cellStarted = false

  const endCell = () => {
    cells.push(unescapeCell(cell))
    cell = ''
    cellStarted = false
  }
  const endRecord = () => {
    endCell()
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: startLine, cells })
    cells = []
  }

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (ch === '\n') line++
        cell += ch
      }
      continue
    }
    if (ch === '"' && !cellStarted) {
      quoted = true
      cellStarted = true
    } else if (ch === delimiter) {
      endCell()
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
      line++
      startLine = line
    } else {
      cell += ch
      cellStarted = true
    }
  }
  if (cell !== '' || cells.length > 0) endRecord()

  const [head, ...records] = rows
  return { delimiter, header: head?.cells.map((c) => c.trim()) ?? [], records }
}
