import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildGuild } from '../test/factories'
import { ENGINE, fileTestContext, type TestContext } from '../test/harness'
import { startEmbeddedAutovacuum, vacuumWhereDue } from './embedded-autovacuum'

// PGlite has no background autovacuum (docs/decisions/006-operations.md): the server does its job. On
// PostgreSQL the server leaves it to PostgreSQL's own, so this file opens no database there.
const ctx = ENGINE === 'pglite' ? await fileTestContext() : (undefined as unknown as TestContext)

async function playersStats() {
  await ctx.database.db.execute(sql`select pg_stat_force_next_flush()`)
  const result = (await ctx.database.db.execute(sql`
    select n_dead_tup::int as dead, n_mod_since_analyze::int as changed,
           last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
    from pg_stat_user_tables where relname = 'players'`)) as unknown as {
    rows: { dead: number; changed: number; vacuumed: boolean; analyzed: boolean }[]
  }
  return result.rows[0]!
}

/** 20 players changed 30 times over: 600 changes, far past the threshold of 50 + 10 % of 20. */
async function churnPlayers() {
  const { guild } = await buildGuild(ctx)
  await ctx.database.db.execute(sql`
    insert into players (guild_id, name) select ${guild.id}::uuid, 'P' || g from generate_series(1, 20) g`)
  for (let round = 0; round < 30; round++) {
    await ctx.database.db.execute(
      sql`update players set notes = ${`round ${round}`} where guild_id = ${guild.id}::uuid`,
    )
  }
}

describe.skipIf(ENGINE !== 'pglite')("the embedded database's autovacuum", () => {
  it('finds that PGlite itself never vacuums: dead rows stay until the server does it', async () => {
    await churnPlayers()
    const stats = await playersStats()
    expect(stats).toMatchObject({ vacuumed: false, analyzed: false })
    expect(stats.changed).toBeGreaterThanOrEqual(600)
    expect(stats.dead).toBeGreaterThan(0)
  })

  it('vacuums and analyzes the tables past the threshold, then has nothing left to do', async () => {
    await churnPlayers()
    expect(await vacuumWhereDue(ctx.database)).toContain('players')
    expect(await playersStats()).toEqual({ dead: 0, changed: 0, vacuumed: true, analyzed: true })
    expect(await vacuumWhereDue(ctx.database)).toEqual([])
  })

  it('runs on its own once started, says what it vacuumed, and stop() waits for a run under way', async () => {
    await churnPlayers()
    const logged: { msg: string; fields?: Record<string, unknown> }[] = []
    const record = (msg: string, fields?: Record<string, unknown>) => logged.push({ msg, fields })
    const logger = { debug: record, info: record, warn: record, error: record }
    const autovacuum = startEmbeddedAutovacuum({ database: ctx.database, logger, firstDelayMs: 0 })
    await expect.poll(() => logged.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await autovacuum.stop()
    expect(logged[0]).toMatchObject({
      msg: 'vacuumed',
      fields: { tables: expect.arrayContaining(['players']) },
    })
    expect((await playersStats()).dead).toBe(0)
  })
})
