import { readdir, readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { fileTestContext } from '../test/harness'
import { functionsFolder } from './database-functions'

// Each database function has one current source file, server/db/functions/<name>.sql, and migrations take
// their text from it (npm run db:functions; docs/architecture.md, "Where a rule lives"). This holds the
// two together: the function a migrated database has is the one its file creates. Running the file inside
// a transaction that is rolled back leaves the database as it was; PostgreSQL prints both definitions the
// same way, so the comparison does not depend on how the file is laid out outside the body.

const ctx = await fileTestContext()

type Definition = { name: string; definition: string }

async function definitions(db = ctx.database.db): Promise<Map<string, string>> {
  const result = (await db.execute(sql`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'lq\\_%'
     order by 1, 2`)) as unknown as { rows: Definition[] }
  const byName = new Map<string, string>()
  for (const row of result.rows) {
    expect(byName.has(row.name), `${row.name} is overloaded: one file cannot say which is current`).toBe(
      false,
    )
    byName.set(row.name, row.definition)
  }
  return byName
}

const sourceFiles = async () =>
  (await readdir(functionsFolder)).filter((file) => file.endsWith('.sql')).sort()

class RollBack extends Error {}

describe('database functions: one current source file each', () => {
  it('has a file for every lq_ function of the migrated database, and a function for every file', async () => {
    const inDatabase = [...(await definitions()).keys()].sort()
    const files = (await sourceFiles()).map((file) => file.replace(/\.sql$/, ''))
    expect(files).toEqual(inDatabase)
  })

  it('finds each function of the migrated database exactly as its file creates it', async () => {
    const migrated = await definitions()
    for (const file of await sourceFiles()) {
      const name = file.replace(/\.sql$/, '')
      const source = await readFile(`${functionsFolder}/${file}`, 'utf8')
      let fromFile: string | undefined
      await ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(source))
          fromFile = (await definitions(tx as never)).get(name)
          throw new RollBack()
        })
        .catch((error) => {
          if (!(error instanceof RollBack)) throw error
        })
      expect(fromFile, `${file} creates ${name}`).toBeDefined()
      expect(migrated.get(name), `the migrated ${name} is what ${file} says`).toBe(fromFile)
    }
  })
})
