import { expect, it } from 'vitest'
import { migrationJournal } from '../platform/backup/migration-level'

// drizzle applies a migration only when its `when` is later than that of the newest one a database has
// applied (drizzle-orm's migrator), and a restore brings a database to a dump's level by `when`
// (server/platform/backup/migration-level.ts). A migration dated before its predecessor would be skipped by
// every database that already has the predecessor. drizzle-kit dates a new migration by the clock, and
// migration 0011 was dated ahead of it: a generated one must be dated again by hand.
it('dates every migration after the one before it', () => {
  const journal = migrationJournal()
  expect(journal.length).toBeGreaterThan(1)
  for (const [i, entry] of journal.entries()) {
    expect(entry.idx).toBe(i)
    if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal[i - 1]!.when)
  }
})
