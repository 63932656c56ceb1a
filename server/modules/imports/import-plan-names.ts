import { randomUUID } from 'node:crypto'
import type { RawProblem, Ref, Where } from './import-records'
import { placesIn } from './import-places'
import { fold } from './import-values'

/** A player, an item or a rank the import can point at: one of the guild's, or one it creates (isNew). */
export type Known = { id: string; name: string; isNew: boolean }

/**
 * Players or items of an import against the guild's: a name already in the guild (case and accents aside)
 * is that row, counted as existing; a name twice in the import is a problem on the second, naming the first
 * (unless it is one of `repeats`: the same record again, import-plan-repeats.ts, which points at the first);
 * the rest are created, with their ids drawn here so other rows can point at them before anything is written.
 */
export function nameTable<R extends { key: string | null; name: string; where: Where }>(
  records: R[],
  current: { id: string; name: string }[],
  duplicate: 'duplicateItem' | 'duplicatePlayer' | 'duplicateRank',
  problems: RawProblem[],
  count: { create: number; existing: number },
  repeats: ReadonlySet<R> = new Set(),
) {
  const byName = new Map<string, Known>()
  for (const row of current) {
    const name = fold(row.name)
    if (!byName.has(name)) byName.set(name, { id: row.id, name: row.name, isNew: false })
  }
  const byKey = new Map<string, Known>()
  const seen = new Map<string, Where>()
  // The names a duplicate problem was said for: what other rows say of them is that problem's to fix.
  const reported = new Set<string>()
  const created: { id: string; record: R }[] = []
  for (const record of records) {
    const name = fold(record.name)
    const first = seen.get(name)
    if (first) {
      if (repeats.has(record)) {
        if (record.key) byKey.set(record.key, byName.get(name)!)
        continue
      }
      problems.push({
        ...record.where,
        code: duplicate,
        field: null,
        value: record.name,
        vars: { first: (language) => placesIn([first], language) },
      })
      reported.add(name)
      continue
    }
    seen.set(name, record.where)
    let known = byName.get(name)
    if (known) count.existing++
    else {
      known = { id: randomUUID(), name: record.name, isNew: true }
      byName.set(name, known)
      created.push({ id: known.id, record })
      count.create++
    }
    if (record.key) byKey.set(record.key, known)
  }
  /** A JSON record points by id inside its file; a CSV row by name. */
  const find = (ref: Ref): Known | undefined =>
    'key' in ref ? byKey.get(ref.key) : byName.get(fold(ref.name))
  /** The rows a duplicate problem names (by the first row's id). */
  const duplicated = new Set([...reported].map((name) => byName.get(name)!.id))
  return { find, created, duplicated }
}
