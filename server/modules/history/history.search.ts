// The database folds what it searches (lq_fold: lower case without accents, docs/decisions/010-history-search.md).
// Action labels live in this process's catalogs, not in a table, so they are matched here, folded alike.

/** Lower case without accents: "JOÃO Ávila" → "joao avila". */
export function foldText(text: string): string {
  let out = ''
  for (const ch of text.toLowerCase().normalize('NFD')) if (!/\p{M}/u.test(ch)) out += ch
  return out
}
