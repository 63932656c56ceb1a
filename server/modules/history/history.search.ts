// Search ignores case and accents ("joao" finds "JOÃO"), the same way on every server: a PostgreSQL
// created with the C locale folds ASCII letters only, so the database side folds with translate(),
// from a table built here, and the search text is folded by the very same table.

const from: string[] = []
const to: string[] = []
// Latin-1 Supplement and Latin Extended-A: every letter that is an ASCII letter plus marks.
for (let code = 0xc0; code <= 0x17f; code++) {
  const ch = String.fromCharCode(code)
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  if (/^[a-z]$/.test(base)) {
    from.push(ch)
    to.push(base)
  }
}
const table = new Map(from.map((ch, i) => [ch, to[i]!]))

/** translate()'s arguments: each character of the first becomes the one at its index in the second. */
export const FOLD_FROM = from.join('')
export const FOLD_TO = to.join('')

/** What the database's lower(translate(column, FOLD_FROM, FOLD_TO)) makes of the same text. */
export function foldText(text: string): string {
  let out = ''
  for (const ch of text) out += table.get(ch) ?? ch
  return out.toLowerCase()
}
