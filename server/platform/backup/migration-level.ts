import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, migrateDatabase, migrationsFolder } from '../../db/client'

// A dump records the last migration its database had applied. A restore first brings the target to that
// same schema (never further), loads the rows, and only then applies the newer migrations, so a dump made
// by an older version restores into a newer one the way an upgrade would have migrated it.

export type JournalEntry = { idx: number; when: number; tag: string }

export function migrationJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8'))
  return journal.entries as JournalEntry[]
}

/** Applies the migrations up to and including the one recorded at `when`. */
export async function migrateUpTo(database: Database, when: number) {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
  const entries = (journal.entries as JournalEntry[]).filter((e) => e.when <= when)
  const folder = mkdtempSync(join(tmpdir(), 'lq-migrations-'))
  try {
    mkdirSync(join(folder, 'meta'))
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }))
    for (const { tag } of entries)
      copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`))
    await migrateDatabase(database, folder)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
