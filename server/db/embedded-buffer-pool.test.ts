import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ENGINE, fileTestContext, type TestContext } from '../test/harness'

// PGlite zeroes its whole shared memory as it opens: PostgreSQL's default 128 MB buffer pool was ~450 ms of
// a start on existing data (docs/decisions/006-operations.md, "PGlite's buffer pool"). PostgreSQL's own
// settings are its operator's, so this file opens no database there.
const ctx = ENGINE === 'pglite' ? await fileTestContext() : (undefined as unknown as TestContext)

describe.skipIf(ENGINE !== 'pglite')("the embedded database's buffer pool", () => {
  it('is 32 MB, whatever the data folder was created with', async () => {
    const result = (await ctx.database.db.execute(
      sql`select current_setting('shared_buffers') as size`,
    )) as unknown as {
      rows: { size: string }[]
    }
    expect(result.rows[0]!.size).toBe('32MB')
  })
})
