import type { Language } from '../../../contract/enums'
import { readCsvFile } from './csv-records'
import { emptyRecords, type FileReading } from './import-records'
import { readJsonFile } from './json-records'

/** What a byte that is not UTF-8 becomes when the browser (or Node) decodes a file as UTF-8. */
const REPLACEMENT = '\uFFFD'

/**
 * One file of an import: the guild JSON export when it looks like JSON (by name or first character),
 * CSV otherwise. A byte order mark is dropped; a file that was not UTF-8 is refused as a whole, since
 * every accent in it would be read wrong.
 */
export function readFile(
  name: string,
  content: string,
  options: { timeZone: string; language: Language },
): FileReading {
  const text = content.startsWith('\uFEFF') ? content.slice(1) : content
  const bad = text.indexOf(REPLACEMENT)
  if (bad >= 0) {
    const line = text.slice(0, bad).split('\n').length
    return {
      ...emptyRecords(),
      kind: null,
      settings: null,
      delimiter: null,
      rows: 0,
      ignoredColumns: [],
      problems: [{ file: name, line, section: null, index: null, code: 'notUtf8', field: null, value: null }],
    }
  }
  const json = /\.json$/i.test(name) || text.trimStart().startsWith('{')
  return json ? readJsonFile(name, text) : readCsvFile(name, text, options)
}
