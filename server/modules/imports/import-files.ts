import type { Language } from '../../../contract/enums'
import { readCsvFile } from './csv-records'
import { emptyRecords, type FileReading } from './import-records'
import { readJsonFile } from './json-records'

/** What a byte that is not UTF-8 becomes when the browser (or Node) decodes a file as UTF-8. */
const REPLACEMENT = '\uFFFD'

/**
 * One file of an import: the guild JSON export when it looks like JSON (by name or first character),
 * CSV otherwise. A byte order mark is dropped; a CSV file that was not UTF-8 is refused as a whole, since
 * every accent in it would be read wrong. JSON is UTF-8 by its definition (RFC 8259, section 8.1) and ours is
 * written so: a U+FFFD in it is a character of the guild's text (a name holding one), not a decoding's trace,
 * and refusing it made the guild's own export fail to import back.
 */
export function readFile(
  name: string,
  content: string,
  options: { timeZone: string; language: Language },
): FileReading {
  const text = content.startsWith('\uFEFF') ? content.slice(1) : content
  const json = /\.json$/i.test(name) || text.trimStart().startsWith('{')
  if (json) return readJsonFile(name, text)
  const bad = text.indexOf(REPLACEMENT)
  if (bad >= 0) {
    const line = text.slice(0, bad).split('\n').length
    return {
      ...emptyRecords(),
      kind: null,
      settings: null,
      nightSettings: null,
      rules: null,
      leftOut: [],
      delimiter: null,
      rows: 0,
      ignoredColumns: [],
      warnings: [],
      problems: [{ file: name, line, section: null, index: null, code: 'notUtf8', field: null, value: null }],
    }
  }
  return readCsvFile(name, text, options)
}
