import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openPglite } from '../../db/client'
import { guilds } from '../../db/schema'
import { signIn } from '../../modules/accounts/accounts.test-support'
import { publicClient } from '../../modules/public/public.test-support'
import { buildDeps } from '../../deps'
import { silentLogger } from '../../lib/logger'
import {
  type Actor,
  buildGuild,
  buildMember,
  buildPlayer,
  DEFAULT_PASSWORD,
  requestAs,
} from '../../test/factories'
import { ENGINE, fileTestContext, type TestContext, testApp } from '../../test/harness'
import { lastMigration, listTables, tableFingerprint } from './backup.queries'
import { migrateUpTo, migrationJournal } from './migration-level'
import { BackupError, restoreDump, writeDump } from './logical-dump'
import {
  listSnapshots,
  nextSnapshotDelay,
  openSnapshot,
  SNAPSHOT_INTERVAL_MS,
  snapshotTime,
  takeSnapshot,
} from './snapshots'
import { parentsFirst } from './table-order'

const NOW = new Date('2030-05-01T08:00:00Z')
const dir = mkdtempSync(join(tmpdir(), 'lq-backup-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const ctx = await fileTestContext()
ctx.setNow(NOW)
let admin: Actor
beforeAll(async () => {
  admin = await guildWithHistory(ctx)
})

/** A guild that used the product: players, items, queues, a receipt (history), audit rows, a public visit. */
async function guildWithHistory(ctx: TestContext) {
  const { guild, admin } = await buildGuild(ctx, { name: 'Backup Guild', publicAccessPassword: 'gate-pass' })
  await buildMember(ctx, { guildId: guild.id })
  for (const name of ['Ana', 'Bruno', 'Caio']) await buildPlayer(ctx, guild.id, { name })
  for (const name of ['Espada', 'Escudo']) {
    const created = await admin.request('POST', '/api/v1/items', { name, rarity: 'epic' })
    expect(created.status).toBe(201)
    const item = await created.json()
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    const queue = await (await admin.request('GET', `/api/v1/items/${item.id}/queue`)).json()
    expect(queue.entries).toHaveLength(3)
    const first = queue.entries[0].id
    expect((await admin.request('POST', `/api/v1/queue-entries/${first}/received`)).status).toBe(200)
  }
  const visit = await publicClient(ctx).enter(guild.slug, 'gate-pass', { ip: '192.0.2.9' })
  expect(visit.res.status).toBe(200)
  return admin
}

async function exportOf(actor: Actor) {
  const res = await actor.request('GET', '/api/v1/guild/export')
  expect(res.status).toBe(200)
  return res.json()
}

/** Count and content hash of every table: equal fingerprints mean equal databases, secrets included. */
async function fingerprints(database: Database) {
  const out: Record<string, string> = {}
  for (const { table } of await listTables(database.db)) {
    out[table] = await tableFingerprint(database.db, table)
  }
  return out
}

/** What losing the data leaves: not even the schema. */
async function wipe(database: Database) {
  await database.db.execute(sql`drop schema public cascade`)
  await database.db.execute(sql`drop schema if exists drizzle cascade`)
  await database.db.execute(sql`create schema public`)
}

describe(`backup and restore (${ENGINE})`, () => {
  it('restores a wiped database exactly: same guild export, same rows in every table, sign-in works', async () => {
    const exportBefore = await exportOf(admin)
    expect(exportBefore.lootHistory).toHaveLength(2)
    const before = await fingerprints(ctx.database)
    expect(Object.keys(before).length).toBeGreaterThan(10)

    const file = join(dir, 'round-trip.jsonl.gz')
    const dumped = await writeDump(ctx.database, file)
    expect(dumped.rows).toBeGreaterThan(20)

    await wipe(ctx.database)
    expect(await listTables(ctx.database.db)).toEqual([])

    const restored = await restoreDump(ctx.database, file)
    expect(restored.rowsByTable).toEqual(dumped.rowsByTable)
    expect(await fingerprints(ctx.database)).toEqual(before)
    expect(await exportOf(admin)).toEqual(exportBefore)
    expect((await signIn(ctx, admin.user.email, DEFAULT_PASSWORD)).status).toBe(200)
  })

  it('refuses a cut-short dump and leaves the target without a single row', async () => {
    const file = join(dir, 'whole.jsonl.gz')
    await writeDump(ctx.database, file)
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n')
    const cut = join(dir, 'cut.jsonl.gz')
    writeFileSync(cut, gzipSync(`${lines.slice(0, -3).join('\n')}\n`))
    const before = await fingerprints(ctx.database)

    await wipe(ctx.database)
    await expect(restoreDump(ctx.database, cut)).rejects.toThrow(BackupError)
    const tables = await listTables(ctx.database.db)
    expect(tables.length).toBeGreaterThan(10)
    for (const { table } of tables) {
      expect(await tableFingerprint(ctx.database.db, table), table).toMatch(/^0:/)
    }

    await restoreDump(ctx.database, file)
    expect(await fingerprints(ctx.database)).toEqual(before)
  })

  it('refuses to mix a dump into a database that holds data, and replaces it with --replace', async () => {
    const file = join(dir, 'replace.jsonl.gz')
    await writeDump(ctx.database, file)
    const before = await fingerprints(ctx.database)
    const intruder = await buildGuild(ctx, { name: 'Written After The Backup' })

    await expect(restoreDump(ctx.database, file)).rejects.toThrow(/holds data/)
    expect((await exportOf(intruder.admin)).guild.name).toBe('Written After The Backup')

    await restoreDump(ctx.database, file, { replace: true })
    expect(await fingerprints(ctx.database)).toEqual(before)
  })

  it('restores a dump made by an older version: rows load at its migration, the newer ones run after', async () => {
    const [oldest, ...newer] = migrationJournal()
    expect(newer.length).toBeGreaterThan(0)
    const file = join(dir, 'old-version.jsonl.gz')
    const current = join(dir, 'current-version.jsonl.gz')
    await writeDump(ctx.database, current)
    await wipe(ctx.database)
    await migrateUpTo(ctx.database, oldest!.when)
    await ctx.database.db.execute(sql`insert into guilds (name, slug) values ('Old Guild', 'old-guild')`)
    const dumped = await writeDump(ctx.database, file)
    expect(dumped.rowsByTable.guilds).toBe(1)

    await wipe(ctx.database)
    await restoreDump(ctx.database, file)
    expect(await lastMigration(ctx.database.db)).toBe(newer.at(-1)!.when)
    const [guild] = await ctx.database.db.select().from(guilds)
    expect(guild).toMatchObject({ name: 'Old Guild', slug: 'old-guild', extraInvites: 0 })
    // Back to the guild the other tests use.
    await restoreDump(ctx.database, current, { replace: true })
  })

  it('refuses a file that is not a backup', async () => {
    const file = join(dir, 'not-a-backup.gz')
    writeFileSync(file, gzipSync('{"hello":"world"}\n'))
    await expect(restoreDump(ctx.database, file)).rejects.toThrow('This file is not a LootQueue backup.')
    writeFileSync(file, 'plain text')
    await expect(restoreDump(ctx.database, file)).rejects.toThrow(BackupError)
  })
})

describe.skipIf(ENGINE !== 'postgres')('moving between engines', () => {
  it('restores a PostgreSQL dump into the embedded database, and that one back into PostgreSQL', async () => {
    const exportBefore = await exportOf(admin)
    const fromPostgres = join(dir, 'from-postgres.jsonl.gz')
    await writeDump(ctx.database, fromPostgres)

    const embedded = await openPglite(undefined, { migrate: false })
    const deps = buildDeps({ env: ctx.deps.env, database: embedded, logger: silentLogger, now: ctx.deps.now })
    const onEmbedded = { ...ctx, deps, database: embedded, app: testApp(deps) }
    try {
      await restoreDump(embedded, fromPostgres)
      // The admin's session cookie was restored with everything else.
      expect(await exportOf({ ...admin, request: requestAs(onEmbedded, admin.cookie) })).toEqual(exportBefore)

      const fromEmbedded = join(dir, 'from-embedded.jsonl.gz')
      await writeDump(embedded, fromEmbedded)
      await wipe(ctx.database)
      await restoreDump(ctx.database, fromEmbedded)
      expect(await exportOf(admin)).toEqual(exportBefore)
    } finally {
      await deps.realtime.stop()
      await embedded.close()
    }
  })
})

describe.skipIf(ENGINE !== 'pglite')('automatic snapshots of the embedded database', () => {
  it('keeps the newest BACKUP_KEEP snapshots, and a snapshot opens as the same database', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lq-snapshots-'))
    const database = await openPglite()
    try {
      await database.db.execute(
        sql`insert into guilds (name, slug) values ('Snapshot Guild', 'snapshot-guild')`,
      )
      const backups = join(folder, 'backups')
      const days = Array.from({ length: 4 }, (_, i) => new Date(NOW.getTime() + i * SNAPSHOT_INTERVAL_MS))
      for (const day of days) await takeSnapshot(database, backups, 2, day)

      const kept = listSnapshots(backups)
      expect(kept.map(snapshotTime)).toEqual(days.slice(2))
      expect(readdirSync(backups)).toHaveLength(2)

      const copy = await openSnapshot(kept.at(-1)!)
      try {
        expect(await fingerprints(copy)).toEqual(await fingerprints(database))
      } finally {
        await copy.close()
      }
    } finally {
      await database.close()
      rmSync(folder, { recursive: true, force: true })
    }
    // Four whole-database dumps and one more open of the embedded engine: ~12 s on a quiet 2-core machine,
    // past the default 30 s when the suite's other files share those cores.
  }, 120_000)

  it('takes the next one a day after the newest, and the first one a minute after a start', () => {
    const start = new Date('2030-05-02T08:00:00Z')
    expect(nextSnapshotDelay(null, start)).toBe(60_000)
    expect(nextSnapshotDelay(new Date('2030-05-01T20:00:00Z'), start)).toBe(12 * 3600 * 1000)
    expect(nextSnapshotDelay(new Date('2030-04-01T08:00:00Z'), start)).toBe(60_000)
  })
})

describe('table order', () => {
  it('puts every table after the tables it references, and refuses a cycle', () => {
    const fks = [
      { table: 'profiles', references: 'guilds' },
      { table: 'profiles', references: 'user' },
      { table: 'player_queues', references: 'players' },
      { table: 'players', references: 'guilds' },
      { table: 'guilds', references: 'guilds' },
    ]
    expect(parentsFirst(['player_queues', 'players', 'profiles', 'guilds', 'user'], fks)).toEqual([
      'guilds',
      'user',
      'players',
      'profiles',
      'player_queues',
    ])
    expect(() =>
      parentsFirst(
        ['a', 'b'],
        [
          { table: 'a', references: 'b' },
          { table: 'b', references: 'a' },
        ],
      ),
    ).toThrow(/cycle/)
  })
})
