import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { describeActivity } from '../../../contract/activity-description'
import type { RaidNightDetail } from '../../../contract/raid-nights'
import { raidNightAttendance } from '../../db/schema'
import type { GuildEvent } from '../../platform/realtime'
import { type Actor, buildGuild, buildPlayer } from '../../test/factories'
import { ENGINE, fileTestContext } from '../../test/harness'
import { historyTranslate } from '../history/history.i18n'
import { api, DURING_NIGHT, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'
import { guildRowCounts, importedCounts, preview, runImport, type TestFile } from './imports.test-support'
import { untilSessionsWait } from '../../test/lock-waits'

// Raid nights and their attendance in the guild JSON export, and back through the import
// (docs/decisions/012-imports-and-player-page.md, "Raid nights").

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

type Row = Record<string, unknown>
type Export = {
  players: Row[]
  raidNights: Row[]
  raidNightAttendance: Row[]
  lootHistory: Row[]
  guild: Row
}

async function exportOf(admin: Actor): Promise<Export> {
  const res = await admin.request('GET', '/api/v1/guild/export')
  expect(res.status).toBe(200)
  return res.json()
}

const fileOf = (data: unknown): TestFile => ({ name: 'guild.json', content: JSON.stringify(data) })

/**
 * A guild with two nights: Thursday's (Ana present, Bruno on the bench, Caio a no-show; Ana awarded the
 * sword while it ran; then completed) and Saturday's, cancelled (Ana excused), without a description.
 */
async function guildWithNights() {
  ctx.setNow(new Date('2026-12-09T12:00:00Z'))
  const { guild, admin } = await buildGuild(ctx)
  const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
  const bruno = await buildPlayer(ctx, guild.id, { name: 'Bruno' })
  const caio = await buildPlayer(ctx, guild.id, { name: 'Caio' })
  const sword = await api<{ id: string }>(admin, 'POST', '/items', { name: 'Espada' }, 201)
  await api(admin, 'POST', `/items/${sword.id}/queue/add-all`)
  const thursday = await scheduleNight(admin)
  const saturday = await scheduleNight(admin, {
    name: 'Raid de sábado',
    description: null,
    date: '2026-12-12',
    startTime: '21:00',
    endTime: null,
  })
  await markPlayers(admin, thursday.id, { [ana.id]: 'present', [bruno.id]: 'bench', [caio.id]: 'no_show' })
  await markPlayers(admin, saturday.id, { [ana.id]: 'excused' })
  await api(admin, 'POST', `/raid-nights/${saturday.id}/status`, { action: 'cancel' })

  ctx.setNow(DURING_NIGHT)
  const queue = await api<{ entries: { id: string; playerName: string }[] }>(
    admin,
    'GET',
    `/items/${sword.id}/queue`,
  )
  const anaEntry = queue.entries.find((e) => e.playerName === 'Ana')!
  await api(admin, 'POST', `/queue-entries/${anaEntry.id}/received`, { raidNightId: thursday.id })
  await api(admin, 'POST', `/raid-nights/${thursday.id}/status`, { action: 'complete' })
  // After Thursday's night, inside the guild's trial (raid nights are Pro).
  ctx.setNow(new Date('2026-12-11T12:00:00Z'))
  return { guild, admin, thursday, saturday, players: { ana, bruno, caio } }
}

/**
 * The nights as the import must carry them over: every field but the id and the last update (the import's
 * date); marks and awards by the names of their night and player.
 */
function nightsContent(data: Export) {
  const players = new Map(data.players.map((p) => [p.id, p.name]))
  const nights = new Map(data.raidNights.map((n) => [n.id, n.name]))
  return {
    nights: data.raidNights.map(({ id, updatedAt, ...rest }) => rest),
    marks: data.raidNightAttendance
      .map((m) => ({ night: nights.get(m.raidNightId), player: players.get(m.playerId), status: m.status }))
      .sort((a, b) => `${a.night}|${a.player}`.localeCompare(`${b.night}|${b.player}`)),
    awards: data.lootHistory.map((h) => ({
      item: h.itemName,
      player: h.playerName,
      night: h.eventId === null ? null : nights.get(h.eventId),
    })),
  }
}

describe('raid nights in the guild export', () => {
  it('carries the nights, their marks and each award’s night; not the calendar feed’s secret', async () => {
    const a = await guildWithNights()
    const token = await api<{ url: string }>(a.admin, 'POST', '/raid-nights-calendar')
    const exported = await exportOf(a.admin)
    expect(exported.guild).toMatchObject({ timeZone: 'America/Sao_Paulo', noShowRule: 'keep' })
    expect(nightsContent(exported)).toEqual({
      nights: [
        {
          name: 'Raid de quinta',
          description: 'Naxx 25',
          startsAt: '2026-12-10T23:00:00.000Z',
          endsAt: '2026-12-11T02:00:00.000Z',
          status: 'completed',
          createdAt: '2026-12-09T12:00:00.000Z',
        },
        {
          name: 'Raid de sábado',
          description: null,
          startsAt: '2026-12-13T00:00:00.000Z',
          endsAt: null,
          status: 'cancelled',
          createdAt: '2026-12-09T12:00:00.000Z',
        },
      ],
      marks: [
        { night: 'Raid de quinta', player: 'Ana', status: 'present' },
        { night: 'Raid de quinta', player: 'Bruno', status: 'bench' },
        { night: 'Raid de quinta', player: 'Caio', status: 'no_show' },
        { night: 'Raid de sábado', player: 'Ana', status: 'excused' },
      ],
      awards: [{ item: 'Espada', player: 'Ana', night: 'Raid de quinta' }],
    })
    const text = JSON.stringify(exported)
    expect(text).not.toContain('calendarToken')
    expect(text).not.toContain(token.url.split('/').at(-1))
  })
})

describe('raid nights through the import', () => {
  it('into an empty guild: the same nights, marks and award links, counted, audited and announced', async () => {
    const a = await guildWithNights()
    const exported = await exportOf(a.admin)
    const b = await buildGuild(ctx)
    const file = fileOf(exported)

    const check = await preview(b.admin, [file])
    expect(check.body.problems).toEqual([])
    expect(check.body.counts).toMatchObject({
      raidNights: { create: 2, existing: 0 },
      attendance: { create: 4, existing: 0 },
      history: { create: 1, existing: 0 },
    })
    expect(await guildRowCounts(ctx, b.guild.id)).toMatchObject({ nights: 0, marks: 0 })

    const events: GuildEvent[] = []
    const stop = ctx.deps.realtime.subscribe(b.guild.id, (e) => events.push(e))
    await ctx.deps.realtime.start()
    const counts = await importedCounts(b.admin, [file])
    expect(counts).toMatchObject({
      raidNights: { create: 2, existing: 0 },
      attendance: { create: 4, existing: 0 },
    })
    await expect.poll(() => events.map((e) => e.topic)).toContain('raid-nights')
    stop()

    const again = await exportOf(b.admin)
    expect(nightsContent(again)).toEqual(nightsContent(exported))

    // The product reads them as its own: the night's page lists its marks and the award, by this guild's ids.
    const thursday = again.raidNights.find((n) => n.name === 'Raid de quinta')!
    expect(again.lootHistory[0]!.eventId).toBe(thursday.id)
    const night = await api<RaidNightDetail>(b.admin, 'GET', `/raid-nights/${thursday.id}`)
    expect(night.attendance).toEqual({ present: 1, late: 0, bench: 1, excused: 0, noShow: 1 })
    expect(night.awardRows.map((r) => [r.itemName, r.playerName])).toEqual([['Espada', 'Ana']])
    const filtered = await api<{ rows: unknown[] }>(b.admin, 'GET', `/history/loot?eventId=${thursday.id}`)
    expect(filtered.rows).toHaveLength(1)

    const { rows } = await api<{ rows: { actionType: string; description: string }[] }>(
      b.admin,
      'GET',
      '/history/activity',
    )
    const audit = rows.find((r) => r.actionType === 'IMPORT_COMPLETED')!
    expect(audit.description).toContain('raidNights 2 · attendance 4')
    const inWords = (lang: 'pt' | 'en') =>
      describeActivity(audit.actionType, audit.description, historyTranslate(lang))
    expect(inWords('pt')).toContain('2 eventos · 4 marcações de presença')
    expect(inWords('en')).toContain('2 events · 4 attendance marks')
  })

  it('into the guild it came from: nothing is added, every night and mark is found', async () => {
    const a = await guildWithNights()
    const exported = await exportOf(a.admin)
    const before = await guildRowCounts(ctx, a.guild.id)
    const counts = await importedCounts(a.admin, [fileOf(exported)])
    expect(counts).toEqual({
      ranks: { create: 0, existing: 0 },
      players: { create: 0, existing: 3 },
      items: { create: 0, existing: 1 },
      queueEntries: { create: 0, existing: 3 },
      history: { create: 0, existing: 1 },
      raidNights: { create: 0, existing: 2 },
      attendance: { create: 0, existing: 4 },
    })
    // Nothing added writes nothing, not even the audit row.
    expect(await guildRowCounts(ctx, a.guild.id)).toEqual(before)
    expect(nightsContent(await exportOf(a.admin))).toEqual(nightsContent(exported))
  })

  it('finds a night by name (case and accents aside) and start to the second; adds only missing marks', async () => {
    const a = await guildWithNights()
    const exported = await exportOf(a.admin)
    const [thursday, saturday] = exported.raidNights as Row[]
    const { ana, bruno } = a.players
    const typed = {
      ...exported,
      raidNights: [
        // Typed again by hand: other case, no accents, the start's milliseconds not kept.
        { ...thursday, name: 'RAID DE QUINTA', startsAt: '2026-12-10T23:00:00Z', description: 'other' },
        { ...saturday, name: 'raid de sabado', status: 'active' },
        // The same name a day later is another night.
        { ...saturday, id: 'sunday', startsAt: '2026-12-14T00:00:00.000Z', status: 'active' },
      ],
      raidNightAttendance: [
        // Already marked present: the mark stays as it is.
        { raidNightId: thursday!.id, playerId: ana.id, status: 'late' },
        // Not marked on Saturday yet: added.
        { raidNightId: saturday!.id, playerId: bruno.id, status: 'bench' },
        { raidNightId: 'sunday', playerId: ana.id, status: 'present' },
      ],
    }
    const counts = await importedCounts(a.admin, [fileOf(typed)])
    expect(counts).toMatchObject({
      raidNights: { create: 1, existing: 2 },
      attendance: { create: 2, existing: 1 },
    })
    const after = await exportOf(a.admin)
    expect(nightsContent(after).nights.map((n) => [n.name, n.startsAt, n.status, n.description])).toEqual([
      // Found nights are kept as they are: neither the description nor the status changes.
      ['Raid de quinta', '2026-12-10T23:00:00.000Z', 'completed', 'Naxx 25'],
      ['Raid de sábado', '2026-12-13T00:00:00.000Z', 'cancelled', null],
      ['Raid de sábado', '2026-12-14T00:00:00.000Z', 'active', null],
    ])
    // Marks by the night's start, so Saturday and Sunday (same name) are told apart.
    const players = new Map(after.players.map((p) => [p.id, p.name]))
    const starts = new Map(after.raidNights.map((n) => [n.id, n.startsAt]))
    const marks = after.raidNightAttendance
      .map((m) => `${starts.get(m.raidNightId)} ${players.get(m.playerId)} ${m.status}`)
      .sort()
    expect(marks).toEqual([
      '2026-12-10T23:00:00.000Z Ana present',
      '2026-12-10T23:00:00.000Z Bruno bench',
      '2026-12-10T23:00:00.000Z Caio no_show',
      '2026-12-13T00:00:00.000Z Ana excused',
      '2026-12-13T00:00:00.000Z Bruno bench',
      '2026-12-14T00:00:00.000Z Ana present',
    ])
  })
})

describe.skipIf(ENGINE !== 'postgres')('an import and an attendance write at once (PostgreSQL only)', () => {
  it('a night that gains one of the imported marks while the import waits for it: 409, nothing imported', async () => {
    const a = await guildWithNights()
    const { bruno } = a.players
    const exported = await exportOf(a.admin)
    // Bruno is not marked on Saturday yet: the file marks him.
    const file = fileOf({
      ...exported,
      raidNightAttendance: [{ raidNightId: a.saturday.id, playerId: bruno.id, status: 'bench' }],
    })
    const before = await guildRowCounts(ctx, a.guild.id)
    let answer: ReturnType<typeof runImport> | undefined
    // An attendance write holds Saturday (it locks its night first), and marks Bruno while the import waits.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from raid_nights where id = ${a.saturday.id} for update`)
      answer = runImport(a.admin, [file])
      await untilSessionsWait(ctx.database.db)
      await tx
        .insert(raidNightAttendance)
        .values({ raidNightId: a.saturday.id, guildId: a.guild.id, playerId: bruno.id, status: 'late' })
    })
    const { status, body } = await answer!
    expect(status, JSON.stringify(body)).toBe(409)
    expect(body.error.code).toBe('CONFLICT')
    // Only the attendance write's mark is new; the import wrote nothing, not even its audit row.
    expect(await guildRowCounts(ctx, a.guild.id)).toEqual({ ...before, marks: before.marks + 1 })
  })
})
