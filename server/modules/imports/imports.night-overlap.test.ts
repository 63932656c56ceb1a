import { afterEach, describe, expect, it } from 'vitest'
import type { ImportProblem } from '../../../contract/imports'
import type { RaidNightDetail } from '../../../contract/raid-nights'
import { lockGuildRow } from '../../db/guild-scope'
import { buildGuild } from '../../test/factories'
import { ENGINE, fileTestContext } from '../../test/harness'
import { untilSessionsWait } from '../../test/lock-waits'
import { api, scheduleNight, TONIGHT } from '../raid-nights/raid-nights.test-support'
import { insertNight } from '../raid-nights/raid-nights.queries'
import { guildRowCounts, importedCounts, preview, runImport, type TestFile } from './imports.test-support'

// One night at a time, through the import (docs/decisions/016-raid-nights.md, "One night at a time"): an
// active night the import would create over another active night, of the file or of the guild, is a problem of
// the plan, named on the guild's clock; nothing is written. Nights that do not run may meet anything.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

/** Before the nights, inside the guild's trial (raid nights are Pro). */
const NOW = new Date('2026-12-09T12:00:00Z')

async function guild() {
  ctx.setNow(NOW)
  return buildGuild(ctx)
}

type Night = { id: string; name: string; startsAt: string; endsAt?: string | null; status?: string }
const exportWith = (raidNights: Night[]): TestFile => ({
  name: 'guild.json',
  content: JSON.stringify({ format: 'lootqueue-guild-export/1', players: [], items: [], raidNights }),
})

/** Thursday 20:00–23:00 in São Paulo (the guild's default zone). */
const THURSDAY: Night = {
  id: 'n1',
  name: 'Raid de quinta',
  startsAt: '2026-12-10T23:00:00Z',
  endsAt: '2026-12-11T02:00:00Z',
}

const where = (p: ImportProblem) => [p.section, p.index, p.code, p.value]

describe('active nights of the file that meet', () => {
  it('are a problem of the later one, naming both on the guild’s clock; nothing is written', async () => {
    const { guild: g, admin } = await guild()
    const file = exportWith([
      THURSDAY,
      // No end: counted for six hours, 22:00 until 04:00.
      { id: 'n2', name: 'Raid extra', startsAt: '2026-12-11T01:00:00Z' },
    ])
    const { status, body } = await preview(admin, [file])
    expect(status).toBe(200)
    expect(body.problems.map(where)).toEqual([
      ['raidNights', 2, 'raidNightOverlap', 'Raid extra · 2026-12-11T01:00:00.000Z'],
    ])
    expect(body.problems[0]!.message).toBe(
      '“Raid extra”, qui., 10/12/2026, 22:00 às 04:00, se sobrepõe a outro evento ativo da importação: ' +
        '“Raid de quinta”, qui., 10/12/2026, 20:00 às 23:00. A guild tem um evento por vez: no arquivo, mude o ' +
        'horário de um deles ou o seu status para “completed” ou “cancelled”.',
    )
    const english = await admin.request(
      'POST',
      '/api/v1/guild/import/preview',
      { files: [file] },
      { 'accept-language': 'en' },
    )
    expect(((await english.json()) as { problems: ImportProblem[] }).problems[0]!.message).toBe(
      '“Raid extra”, Thu, 12/10/2026, 10:00 PM to 4:00 AM, overlaps another active event of the import: ' +
        '“Raid de quinta”, Thu, 12/10/2026, 8:00 PM to 11:00 PM. The guild runs one event at a time: in the ' +
        'file, change the time of one of them or its status to “completed” or “cancelled”.',
    )

    const before = await guildRowCounts(ctx, g.id)
    const refused = await runImport(admin, [file])
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('IMPORT_HAS_PROBLEMS')
    expect(await guildRowCounts(ctx, g.id)).toEqual(before)
  })

  it('one night inside another, and three at once: each later one is named', async () => {
    const { admin } = await guild()
    const { body } = await preview(admin, [
      exportWith([
        { id: 'a', name: 'Longa', startsAt: '2026-12-10T20:00:00Z', endsAt: '2026-12-11T08:00:00Z' },
        { id: 'b', name: 'Dentro', startsAt: '2026-12-10T22:00:00Z', endsAt: '2026-12-10T23:00:00Z' },
        // After "Dentro" ended, still inside "Longa".
        { id: 'c', name: 'Depois', startsAt: '2026-12-11T00:00:00Z', endsAt: '2026-12-11T01:00:00Z' },
      ]),
    ])
    expect(body.problems.map((p) => [p.index, p.code])).toEqual([
      [2, 'raidNightOverlap'],
      [3, 'raidNightOverlap'],
    ])
    for (const problem of body.problems)
      expect(problem.message).toContain('da importação: “Longa”, qui., 10/12/2026, 17:00 às 05:00.')
  })

  it('back to back, and nights that do not run (completed, archived, cancelled), are imported', async () => {
    const { guild: g, admin } = await guild()
    const file = exportWith([
      THURSDAY,
      // Starts as Thursday's ends.
      { id: 'n2', name: 'Depois', startsAt: '2026-12-11T02:00:00Z', endsAt: '2026-12-11T04:00:00Z' },
      // Ends as Thursday's starts.
      { id: 'n3', name: 'Antes', startsAt: '2026-12-10T21:00:00Z', endsAt: '2026-12-10T23:00:00Z' },
      // Over Thursday's and over each other, but none of them runs.
      { ...THURSDAY, id: 'n4', name: 'Concluída', status: 'completed' },
      { ...THURSDAY, id: 'n5', name: 'Arquivada', status: 'archived' },
      { ...THURSDAY, id: 'n6', name: 'Cancelada', status: 'cancelled' },
    ])
    expect((await preview(admin, [file])).body.problems).toEqual([])
    expect((await importedCounts(admin, [file])).raidNights).toEqual({ create: 6, existing: 0 })
    expect((await guildRowCounts(ctx, g.id)).nights).toBe(6)
  })
})

describe('an active night of the file over one the guild has', () => {
  it('is a problem naming the guild’s night, on the guild’s clock (its own zone); nothing is written', async () => {
    const { guild: g, admin } = await guild()
    await api(admin, 'PUT', '/raid-night-settings', { timeZone: 'Europe/Berlin', noShowRule: 'keep' })
    // 20:00–23:00 in Berlin: 19:00–22:00 UTC.
    await scheduleNight(admin, { name: 'Raid de Berlim' })
    const before = await guildRowCounts(ctx, g.id)
    // Starts before the guild's and ends inside it; a second one starts inside it.
    const file = exportWith([
      { id: 'a', name: 'Cedo', startsAt: '2026-12-10T18:00:00Z', endsAt: '2026-12-10T19:30:00Z' },
      { id: 'b', name: 'Tarde', startsAt: '2026-12-10T21:59:00Z', endsAt: '2026-12-10T23:00:00Z' },
    ])
    const { body } = await preview(admin, [file])
    expect(body.problems.map(where)).toEqual([
      ['raidNights', 1, 'raidNightOverlapsGuild', 'Cedo · 2026-12-10T18:00:00.000Z'],
      ['raidNights', 2, 'raidNightOverlapsGuild', 'Tarde · 2026-12-10T21:59:00.000Z'],
    ])
    expect(body.problems[0]!.message).toBe(
      '“Cedo”, qui., 10/12/2026, 19:00 às 20:30, se sobrepõe a um evento ativo que a guild já tem: ' +
        '“Raid de Berlim”, qui., 10/12/2026, 20:00 às 23:00. A guild tem um evento por vez: conclua ou cancele ' +
        'o evento da guild, ou, no arquivo, mude o horário deste ou o seu status para “completed” ou “cancelled”.',
    )
    const refused = await runImport(admin, [file])
    expect([refused.status, refused.body.error.code]).toEqual([422, 'IMPORT_HAS_PROBLEMS'])
    expect(await guildRowCounts(ctx, g.id)).toEqual(before)
  })

  it('back to back with it, or over a night of the guild that no longer runs: imported', async () => {
    const { guild: g, admin } = await guild()
    const active = await scheduleNight(admin)
    const done = await scheduleNight(admin, { name: 'Sexta', date: '2026-12-11' })
    await api(admin, 'POST', `/raid-nights/${done.id}/status`, { action: 'cancel' })
    const file = exportWith([
      { id: 'a', name: 'Depois', startsAt: active.runsUntil, endsAt: '2026-12-11T04:00:00Z' },
      { id: 'b', name: 'Sobre a cancelada', startsAt: done.startsAt, endsAt: null },
    ])
    expect((await preview(admin, [file])).body.problems).toEqual([])
    expect((await importedCounts(admin, [file])).raidNights).toEqual({ create: 2, existing: 0 })
    expect((await guildRowCounts(ctx, g.id)).nights).toBe(4)
  })

  it('the guild’s own night in the file is that night, not one over it', async () => {
    const { admin } = await guild()
    const night = await scheduleNight(admin)
    const file = exportWith([{ ...THURSDAY, startsAt: night.startsAt, endsAt: night.endsAt }])
    expect(await importedCounts(admin, [file])).toMatchObject({ raidNights: { create: 0, existing: 1 } })
  })
})

describe('round trip', () => {
  it('a guild with active nights, exported, goes into an empty guild and back into itself', async () => {
    const a = await guild()
    await scheduleNight(a.admin)
    await scheduleNight(a.admin, { name: 'Depois', startTime: '23:00', endTime: '01:00' })
    await scheduleNight(a.admin, { name: 'Semana que vem', date: '2026-12-17', endTime: null })
    const res = await a.admin.request('GET', '/api/v1/guild/export')
    const file: TestFile = { name: 'guild.json', content: await res.text() }

    const b = await guild()
    expect((await preview(b.admin, [file])).body.problems).toEqual([])
    expect((await importedCounts(b.admin, [file])).raidNights).toEqual({ create: 3, existing: 0 })
    const upcoming = await api<{ nights: RaidNightDetail[] }>(b.admin, 'GET', '/raid-nights?when=upcoming')
    expect(upcoming.nights.map((n) => [n.name, n.status])).toEqual([
      ['Raid de quinta', 'active'],
      ['Depois', 'active'],
      ['Semana que vem', 'active'],
    ])
    expect((await importedCounts(a.admin, [file])).raidNights).toEqual({ create: 0, existing: 3 })
    expect((await importedCounts(b.admin, [file])).raidNights).toEqual({ create: 0, existing: 3 })
  })
})

describe.skipIf(ENGINE !== 'postgres')('an import and a night written at once (PostgreSQL only)', () => {
  it('a night written over the imported one while the import waits for the guild: the import is refused', async () => {
    const { guild: g, admin } = await guild()
    const file = exportWith([THURSDAY])
    let answer: ReturnType<typeof runImport> | undefined
    // A night written as the create route does it (the guild's lock, then the row), held open while the
    // import starts.
    await ctx.database.db.transaction(async (tx) => {
      await lockGuildRow(tx, g.id)
      const values = {
        name: 'Primeira',
        description: null,
        startsAt: new Date('2026-12-10T22:00:00Z'),
        endsAt: new Date('2026-12-11T00:00:00Z'),
        createdBy: admin.user.id,
      }
      await insertNight(tx, g.id, values, NOW)
      answer = runImport(admin, [file])
      await untilSessionsWait(ctx.database.db)
    })
    const { status, body } = await answer!
    expect([status, body.error.code]).toEqual([422, 'IMPORT_HAS_PROBLEMS'])
    expect((await guildRowCounts(ctx, g.id)).nights).toBe(1)
  })

  it('an import and a new night over the same hours, at once: exactly one is written', {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < 6; round++) {
      const { guild: g, admin } = await guild()
      const [imported, created] = await Promise.all([
        runImport(admin, [exportWith([THURSDAY])]),
        admin.request('POST', '/api/v1/raid-nights', { ...TONIGHT, name: 'Criada', startTime: '21:00' }),
      ])
      const statuses = [imported.status, created.status]
      expect(
        [
          [200, 409],
          [422, 201],
        ],
        String(statuses),
      ).toContainEqual(statuses)
      expect((await guildRowCounts(ctx, g.id)).nights).toBe(1)
    }
  })
})
