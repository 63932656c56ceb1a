// The database folds what it searches (lq_fold: lower case without accents, docs/decisions/010-history-search.md).
// Action labels live in this process's catalogs, not in a table, so they are matched here, folded alike.

/** Lower case without accents: "JOÃO Ávila" → "joao avila". */
export function foldText(text: string): string {
  let out = ''
  for (const ch of text.toLowerCase().normalize('NFD')) if (!/\p{M}/u.test(ch)) out += ch
  return out
}

/**
 * The most words a search matches; the words after them are ignored. Each word is one more set of index
 * conditions (two on the loot history, three on the activity log), and the search box takes 100 characters
 * (HISTORY_SEARCH_MAX), so more words than this are very short ones (docs/decisions/010-history-search.md).
 */
export const MAX_SEARCH_WORDS = 8

/**
 * The words of a search, as typed: split on whitespace, without empty ones or repeats, at most
 * MAX_SEARCH_WORDS. A row matches when it contains every word (each word may be in a different field);
 * the database folds each word as it folds the columns and matches it literally (% and _ are themselves).
 */
export function searchWords(search: string | undefined): string[] {
  const words = new Set((search ?? '').split(/\s+/u).filter((word) => word !== ''))
  return [...words].slice(0, MAX_SEARCH_WORDS)
}
