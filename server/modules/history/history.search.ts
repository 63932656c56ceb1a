// Search ignores case and accents ("joao" finds "JOÃO"), the same way on every server. A PostgreSQL
// created with the C locale folds ASCII letters only, and unaccent is not available on PGlite; folding
// each row in SQL (translate, normalize) costs 5 to 40 times a plain scan. So the search text becomes a
// regular expression instead: each letter a class of its accented and upper-case forms.

/** For each ASCII letter, every Latin-1 / Latin Extended-A letter that is it plus marks, both cases. */
const variants = new Map<string, Set<string>>()
for (let code = 0x41; code <= 0x17f; code++) {
  const ch = String.fromCharCode(code)
  const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  if (!/^[a-z]$/.test(base)) continue
  let set = variants.get(base)
  if (!set) {
    set = new Set([base, base.toUpperCase()])
    variants.set(base, set)
  }
  set.add(ch)
}

/** Lower case without accents: what the regular expression of a text matches, folded the same way. */
export function foldText(text: string): string {
  let out = ''
  for (const ch of text.toLowerCase().normalize('NFD')) if (!/\p{M}/u.test(ch)) out += ch
  return out
}

/** A one-letter class of both cases, when the letter has exactly one of each. */
function caseClass(ch: string): string {
  const lower = ch.toLowerCase()
  const upper = ch.toUpperCase()
  return lower !== upper && lower.length === 1 && upper.length === 1 ? `[${lower}${upper}]` : ch
}

/**
 * A PostgreSQL regular expression (for `~`) that finds `search` anywhere, whatever the case and accents.
 * Letters become classes; every other character is escaped, so nothing the user types is an operator.
 */
export function searchRegex(search: string): string {
  let out = ''
  for (const ch of foldText(search)) {
    const forms = variants.get(ch)
    if (forms) out += `[${[...forms].join('')}]`
    else if (/\p{L}/u.test(ch)) out += caseClass(ch)
    else if (/[0-9]/.test(ch)) out += ch
    else out += `\\${ch}`
  }
  return out
}
