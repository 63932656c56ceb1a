import type { Language } from '../../../contract/enums'
import { IMPORT_SECTIONS } from '../../../contract/imports'
import { translate, translateCount } from '../../lib/i18n'
import type { Where } from './import-records'

// Rows of the files named in the reader's language, as the preview's messages say them:
// "jogadores.csv: linhas 2 e 5", "guild.json: Jogadores nº 3".

/** Lines named one by one in a message; the rest are counted ("e mais 40"). */
const NAMED_MAX = 20

/** Files in the request's order, then lines (or lists and record numbers): the order the preview reads. */
export function placeOrder(files: string[]) {
  const fileOrder = new Map(files.map((name, i) => [name, i]))
  return (a: Where, b: Where) =>
    (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) ||
    IMPORT_SECTIONS.indexOf(a.section!) - IMPORT_SECTIONS.indexOf(b.section!) ||
    (a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0)
}

/** The places, grouped by file (in the order given), each file's lines or records as one list. */
export function placesIn(places: Where[], language: Language): string {
  const byFile = new Map<string, Where[]>()
  for (const place of places) {
    const inFile = byFile.get(place.file)
    if (inFile) inFile.push(place)
    else byFile.set(place.file, [place])
  }
  const list = (values: (string | number)[]) => {
    const named = values.slice(0, NAMED_MAX).map(String)
    if (values.length > NAMED_MAX)
      named.push(translate(language, 'imports', 'places.more', { count: values.length - NAMED_MAX }))
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(named)
  }
  return [...byFile]
    .map(([file, inFile]) => {
      const lines = inFile.filter((p) => p.line !== null).map((p) => p.line!)
      const parts =
        lines.length > 0
          ? [translateCount(language, 'imports', 'places.lines', lines.length, { lines: list(lines) })]
          : []
      for (const section of IMPORT_SECTIONS) {
        const indexes = inFile.filter((p) => p.line === null && p.section === section).map((p) => p.index!)
        if (indexes.length === 0) continue
        const sectionWords = translate(language, 'imports', `preview.sections.${section}`)
        parts.push(
          translate(language, 'imports', 'preview.record', { section: sectionWords, index: list(indexes) }),
        )
      }
      return translate(language, 'imports', 'places.inFile', { file, rows: parts.join(', ') })
    })
    .join('; ')
}
