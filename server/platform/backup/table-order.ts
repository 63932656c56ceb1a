/**
 * Orders tables so that every table comes after the tables it references (parents before children), the
 * order in which rows can be inserted with foreign keys checked. Ties keep alphabetical order, so a dump's
 * layout is stable. A table's reference to itself is not ordered (no table has one today: a restore whose
 * rows broke such a key would fail as a whole); a cycle between tables cannot be ordered and is refused.
 */
export function parentsFirst(tables: string[], references: { table: string; references: string }[]) {
  const pending = new Map(tables.map((t) => [t, new Set<string>()]))
  for (const { table, references: parent } of references) {
    if (table !== parent && pending.has(table) && pending.has(parent)) pending.get(table)!.add(parent)
  }
  const ordered: string[] = []
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.size === 0).map(([t]) => t)
    if (ready.length === 0) {
      throw new Error(`Tables reference each other in a cycle: ${[...pending.keys()].join(', ')}`)
    }
    for (const table of ready.sort()) {
      ordered.push(table)
      pending.delete(table)
      for (const parents of pending.values()) parents.delete(table)
    }
  }
  return ordered
}
