import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { PlayerStanding } from '../../../contract/player-standing'
import { players } from '../../db/schema'
import { buildGuild, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { publicClient } from '../public/public.test-support'
import { importedCounts } from '../imports/imports.test-support'
import { api, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'
import type { NightAttendance } from '../../../contract/enums'

// A player's attendance share on their page (docs/product-rules.md, "Raid nights: around the night"),
// against a case counted by hand.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

/** Thursday 2026-12-10, 12:00 in São Paulo; the 8-week window opens 2026-10-15 at this hour. */
const NOW = new Date('2026-12-10T15:00:00Z')

async function guildWithPlayer() {
  ctx.setNow(NOW)
  const { guild, admin } = await buildGuild(ctx, { createdAt: new Date(NOW.getTime() - 86_400_000) })
  const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
  // Ana joined the guild on 2026-10-20.
  await ctx.database.db
    .update(players)
    .set({ createdAt: new Date('2026-10-20T12:00:00Z') })
    .where(eq(players.id, ana.id))
  /** A night on `date` (20:00 in São Paulo) with Ana's mark, then an action on it if given. */
  const night = async (date: string, mark: NightAttendance | null, action?: string) => {
    const made = await scheduleNight(admin, { name: `Noite ${date}`, date })
    if (mark) await markPlayers(admin, made.id, { [ana.id]: mark })
    if (action) await api(admin, 'POST', `/raid-nights/${made.id}/status`, { action })
    return made
  }
  return { guild, admin, ana, night }
}

describe('attendance share on the player page', () => {
  it('counts the started, not cancelled events of the last 8 weeks where the player has a mark', async () => {
    const { guild, admin, ana, night } = await guildWithPlayer()
    await night('2026-10-08', 'present') // 9 weeks ago: outside the window
    await night('2026-10-15', 'present') // in the window, before Ana was created: marked, so attended
    await night('2026-10-22', 'present', 'complete') // attended (completed nights count)
    await night('2026-10-29', 'late', 'archive') // attended (late is present; archived nights count)
    await night('2026-11-05', 'no_show') // missed
    await night('2026-11-12', 'bench') // bench
    await night('2026-11-19', 'excused') // nobody
    await night('2026-11-26', null) // not marked: nobody
    await night('2026-12-03', 'present', 'cancel') // cancelled: nobody
    await night('2026-12-05', 'bench') // bench
    await night('2026-12-08', 'present') // attended
    await night('2026-12-10', 'no_show') // tonight, 20:00: not started yet
    // Hand count: attended 4 (10-15, 10-22, 10-29, 12-08), missed 1 (11-05), bench 2: 4 / 5 = 80 %.
    const expected = { attended: 4, missed: 1, bench: 2, share: 0.8, windowDays: 56 }

    const dashboard = await api<PlayerStanding>(admin, 'GET', `/players/${ana.id}/standing`)
    expect(dashboard.attendance).toEqual(expected)
    const client = publicClient(ctx)
    const { cookie } = await client.enter(guild.slug, 'raid-night')
    const res = await client.call('GET', `${guild.slug}/players/${ana.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(((await res.json()) as PlayerStanding).attendance).toEqual(expected)

    // Tonight's night starts: Ana's no-show now counts, and the window leaves 10-15 behind.
    ctx.setNow(new Date('2026-12-10T23:00:00Z'))
    const later = await api<PlayerStanding>(admin, 'GET', `/players/${ana.id}/standing`)
    expect(later.attendance).toEqual({ ...expected, attended: 3, missed: 2, share: 0.6 })
  })

  // An outside tester added the guild's players while the night ran (it began minutes before), marked them,
  // and read "no event counted" on every player page.
  it('counts a night that was running when the player was created', async () => {
    const { guild, admin, night } = await guildWithPlayer()
    const tonight = await night('2026-12-10', null) // 20:00 in São Paulo
    ctx.setNow(new Date('2026-12-10T23:30:00Z'))
    // Carla is created at 20:30 in São Paulo, while tonight's night runs.
    const carla = await buildPlayer(ctx, guild.id, { name: 'Carla' })
    await ctx.database.db
      .update(players)
      .set({ createdAt: new Date('2026-12-10T23:30:00Z') })
      .where(eq(players.id, carla.id))
    await markPlayers(admin, tonight.id, { [carla.id]: 'present' })
    const standing = await api<PlayerStanding>(admin, 'GET', `/players/${carla.id}/standing`)
    expect(standing.attendance).toEqual({ attended: 1, missed: 0, bench: 0, share: 1, windowDays: 56 })
  })

  // An outside tester added the players on 06/12, then filled in two earlier nights and ran a third: Aeryn
  // (present, present, no-show) read "0 % (0 of 1)" and Quenya (no-show, present, present) "100 % (1 of 1)".
  it('counts the nights filled in after the players were created, where they have a mark', async () => {
    ctx.setNow(new Date('2026-12-06T15:00:00Z'))
    const { guild, admin } = await buildGuild(ctx, { subscriptionStatus: 'active' })
    const aeryn = await buildPlayer(ctx, guild.id, { name: 'Aeryn' })
    const quenya = await buildPlayer(ctx, guild.id, { name: 'Quenya' })
    const boris = await buildPlayer(ctx, guild.id, { name: 'Boris' })
    const marks: [string, NightAttendance, NightAttendance][] = [
      ['2026-11-22', 'present', 'no_show'],
      ['2026-11-29', 'present', 'present'],
      ['2026-12-10', 'no_show', 'present'],
    ]
    for (const [date, aerynMark, quenyaMark] of marks) {
      const made = await scheduleNight(admin, { name: `Noite ${date}`, date })
      await markPlayers(admin, made.id, { [aeryn.id]: aerynMark, [quenya.id]: quenyaMark })
      if (date !== '2026-12-10')
        await api(admin, 'POST', `/raid-nights/${made.id}/status`, { action: 'complete' })
    }
    ctx.setNow(new Date('2026-12-10T23:30:00Z')) // the third night runs
    const twoOfThree = { attended: 2, missed: 1, bench: 0, share: 2 / 3, windowDays: 56 }
    const client = publicClient(ctx)
    const { cookie } = await client.enter(guild.slug, 'raid-night')
    for (const player of [aeryn, quenya]) {
      const dashboard = await api<PlayerStanding>(admin, 'GET', `/players/${player.id}/standing`)
      expect(dashboard.attendance).toEqual(twoOfThree)
      const res = await client.call('GET', `${guild.slug}/players/${player.id}`, { cookie })
      const body = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(200)
      expect((body as PlayerStanding).attendance).toEqual(twoOfThree)
    }
    // Boris, created with them and never marked, has no night counted (unmarked nights count for nobody).
    const borisStanding = await api<PlayerStanding>(admin, 'GET', `/players/${boris.id}/standing`)
    expect(borisStanding.attendance).toEqual({
      attended: 0,
      missed: 0,
      bench: 0,
      share: null,
      windowDays: 56,
    })
  })

  // A guild export whose players carry no creation date: the import creates them now, after its nights.
  it('counts the marks of an imported guild whose players are created at import time', async () => {
    const { guild, admin } = await guildWithPlayer()
    const file = {
      name: 'guild.json',
      content: JSON.stringify({
        format: 'lootqueue-guild-export/1',
        players: [{ id: 'p1', name: 'Edda', playerStatus: 'active' }],
        items: [],
        raidNights: [
          { id: 'n1', name: 'Raid 1', startsAt: '2026-11-19T23:00:00Z', status: 'completed' },
          { id: 'n2', name: 'Raid 2', startsAt: '2026-11-26T23:00:00Z', status: 'completed' },
          { id: 'n3', name: 'Raid 3', startsAt: '2026-12-03T23:00:00Z', status: 'completed' },
        ],
        raidNightAttendance: [
          { raidNightId: 'n1', playerId: 'p1', status: 'present' },
          { raidNightId: 'n2', playerId: 'p1', status: 'late' },
          { raidNightId: 'n3', playerId: 'p1', status: 'no_show' },
        ],
      }),
    }
    expect(await importedCounts(admin, [file])).toMatchObject({ attendance: { create: 3, existing: 0 } })
    const [edda] = await ctx.database.db
      .select()
      .from(players)
      .where(and(eq(players.guildId, guild.id), eq(players.name, 'Edda')))
    expect(edda!.createdAt.getTime()).toBe(NOW.getTime()) // created at import time, after every night
    const standing = await api<PlayerStanding>(admin, 'GET', `/players/${edda!.id}/standing`)
    expect(standing.attendance).toEqual({ attended: 2, missed: 1, bench: 0, share: 2 / 3, windowDays: 56 })
  })

  it('says no event counted (not 0 %) when the player has none that counts; nothing when the guild held none', async () => {
    const { guild, admin, ana, night } = await guildWithPlayer()
    const bruno = await buildPlayer(ctx, guild.id, { name: 'Bruno' })
    expect((await api<PlayerStanding>(admin, 'GET', `/players/${ana.id}/standing`)).attendance).toBeNull()
    await night('2026-11-19', 'excused')
    await night('2026-11-26', 'bench')
    const standing = await api<PlayerStanding>(admin, 'GET', `/players/${ana.id}/standing`)
    expect(standing.attendance).toEqual({ attended: 0, missed: 0, bench: 1, share: null, windowDays: 56 })
    // Bruno was created today: no event since then counts for him.
    const brunoStanding = await api<PlayerStanding>(admin, 'GET', `/players/${bruno.id}/standing`)
    expect(brunoStanding.attendance).toEqual({
      attended: 0,
      missed: 0,
      bench: 0,
      share: null,
      windowDays: 56,
    })
  })
})
