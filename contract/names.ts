import { LANGUAGES } from './enums'
import { LOCALE_OF } from './plans'

// Names (players, items) sort as a person reads them, the same on the server, on either database engine, and
// in the browser (docs/product-rules.md, "Names"): by Intl's collation (ICU, in Node and in every browser),
// never by the database's ORDER BY. PGlite has ICU's root collation, but a PostgreSQL built without ICU has
// none, and the test cluster's databases collate as C: byte order, so "Éowyn" came after "Samwise".

/**
 * The collation of the app's languages. CLDR tailors neither Portuguese nor English, so both read names in
 * the Unicode root order and one collator serves both (web/lib/names-collation.test.ts holds this); a
 * language with an order of its own would need the reader's language here. Numbers inside names count as
 * numbers: "Jogador 2" before "Jogador 10".
 */
const collator = new Intl.Collator(
  LANGUAGES.map((language) => LOCALE_OF[language]),
  { numeric: true },
)

export const compareNames = (a: string, b: string) => collator.compare(a, b)

/** The rows in name order; rows with the very same name keep one order, by their id. */
export function sortByName<T>(rows: readonly T[], name: (row: T) => string, id: (row: T) => string): T[] {
  return [...rows].sort(
    (a, b) => compareNames(name(a), name(b)) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0),
  )
}

/**
 * A name as the guild's names are told apart: case and accents aside, trimmed ("Aeryn" is "aeryn" and
 * "Aéryn "). Two players, or two items, of a guild never share one; an import takes a name it finds in the
 * guild as that row (docs/decisions/012-imports-and-player-page.md).
 */
export const nameKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()

/**
 * Whether `text` holds what was typed in a search box, case and accents aside (nameKey on both): "lamina"
 * finds "Lâmina", as a duplicate name is told apart. An empty search holds everything.
 */
export function holdsSearch(text: string | null | undefined, search: string) {
  const wanted = nameKey(search)
  return wanted === '' || nameKey(text ?? '').includes(wanted)
}

/**
 * The names of `names` already had, by one of `existing` or by an earlier one of `names` (nameKey): what a
 * list of new names may not hold (players added at once: the server with the guild's names, the dialog with
 * the list alone).
 */
export function repeatedNames(names: readonly string[], existing: readonly string[] = []) {
  const seen = new Set(existing.map(nameKey))
  return names.filter((name) => {
    const key = nameKey(name)
    const again = seen.has(key)
    seen.add(key)
    return again
  })
}
