import { MAX_RANKS } from '../../../contract/ranks'
import { nameTable } from './import-plan-names'
import type { RankName, RankRecord, RankRef, RawProblem } from './import-records'

// The ranks of a guild JSON export against the guild's (docs/decisions/018-ranks.md): a rank whose name is
// already the guild's (case and accents aside) is that one, kept as it is; the others are created below the
// guild's ranks, in the file's order (its levels), so the levels stay 0..n-1; past MAX_RANKS in all, a problem.

export type NewRank = { id: string; name: string; level: number; createdAt: Date | null }

export function planRanks(
  records: RankRecord[],
  existing: { id: string; name: string }[],
  problems: RawProblem[],
  count: { create: number; existing: number },
) {
  const inOrder = records.toSorted((a, b) => a.level - b.level)
  const table = nameTable(inOrder, existing, 'duplicateRank', problems, count)
  const room = MAX_RANKS - existing.length
  const over = table.created[Math.max(room, 0)]
  if (over)
    problems.push({ ...over.record.where, code: 'tooManyRanks', field: null, value: over.record.name })
  const ranks: NewRank[] = table.created.map(({ id, record }, i) => ({
    id,
    name: record.name,
    level: existing.length + i,
    createdAt: record.createdAt,
  }))
  /**
   * The id of the rank a record points at, or undefined when there is none: a JSON record by its id inside
   * the file; a CSV cell by name, as rank names match (case and accents aside), among the guild's ranks and
   * those the import creates.
   */
  const find = (ref: RankRef | RankName) =>
    ('key' in ref ? table.find({ key: ref.key, name: ref.id }) : table.find({ name: ref.name }))?.id
  return { ranks, find }
}
