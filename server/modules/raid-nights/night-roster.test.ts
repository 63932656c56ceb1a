import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { RaidNightDetail, RaidNightList } from '../../../contract/raid-nights'
import { players } from '../../db/schema'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { api, markPlayers, scheduleNight } from './raid-nights.test-support'

// Who a night's attendance lists (docs/product-rules.md, "Raid nights"): an outside tester completed a night,
// then added a recruit, and the completed night listed the recruit as "not marked" beside a recap counted
// without them. A night lists the players created before it stopped running, and anyone marked on it.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

/** 2026-12-10 20:00–23:00 in São Paulo: 23:00Z until 02:00Z the next day. */
const NIGHT_ENDS = new Date('2026-12-11T02:00:00Z')

async function guildWithPlayer() {
  ctx.setNow(new Date('2026-12-09T12:00:00Z'))
  const { guild } = await buildGuild(ctx, { subscriptionStatus: 'active' })
  const member = await buildMember(ctx, { guildId: guild.id })
  return { guild, member }
}

/** A player of the guild created at `at` (the database stamps its own clock: set here as the test needs). */
async function playerCreatedAt(guildId: string, name: string, at: Date) {
  const player = await buildPlayer(ctx, guildId, { name })
  await ctx.database.db.update(players).set({ createdAt: at }).where(eq(players.id, player.id))
  return player
}

const listed = (night: RaidNightDetail) => night.attendanceRows.map((row) => [row.playerName, row.status])

describe('a night’s attendance list', () => {
  it('leaves out a player created after a completed night, lists one created before and one marked later', async () => {
    const { guild, member } = await guildWithPlayer()
    const odo = await playerCreatedAt(guild.id, 'Odo', new Date('2026-12-05T12:00:00Z'))
    await playerCreatedAt(guild.id, 'Bria', new Date('2026-12-05T12:00:00Z'))
    // Added while the night ran: an officer may add the guild's players then.
    await playerCreatedAt(guild.id, 'Cato', new Date(NIGHT_ENDS.getTime() - 60_000))
    const night = await scheduleNight(member)
    await markPlayers(member, night.id, { [odo.id]: 'present' })
    ctx.setNow(new Date('2026-12-11T03:00:00Z'))
    await api(member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })

    ctx.setNow(new Date('2026-12-12T12:00:00Z'))
    await playerCreatedAt(guild.id, 'Kestrel', new Date('2026-12-12T12:00:00Z'))
    // Created as the night ended: it was over, they could not have been there.
    await playerCreatedAt(guild.id, 'Dara', NIGHT_ENDS)
    // Created later and marked by hand (or imported with the night): the mark was typed on purpose.
    const lia = await playerCreatedAt(guild.id, 'Lia', new Date('2026-12-12T12:00:00Z'))
    await markPlayers(member, night.id, { [lia.id]: 'late' })

    const detail = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${night.id}`)
    expect(listed(detail)).toEqual([
      ['Bria', null],
      ['Cato', null],
      ['Lia', 'late'],
      ['Odo', 'present'],
    ])
    expect(detail.attendance).toEqual({ present: 1, late: 1, bench: 0, excused: 0, noShow: 0 })
    const past = await api<RaidNightList>(member, 'GET', '/raid-nights?when=past')
    expect(past.nights.find((n) => n.id === night.id)?.attendance).toEqual(detail.attendance)

    // "Everyone present" on the completed night marks those who could have come: not the recruit, and Lia's
    // hand-typed mark stays as typed (Odo was present already).
    expect(
      await api(member, 'POST', `/raid-nights/${night.id}/attendance/prefill`, { from: 'everyone' }),
    ).toEqual({ changed: 2, unmarkedNoShows: 0 })
    const filled = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${night.id}`)
    expect(listed(filled)).toEqual([
      ['Bria', 'present'],
      ['Cato', 'present'],
      ['Lia', 'late'],
      ['Odo', 'present'],
    ])
  })

  it('counts a night without an end as running NIGHT_DEFAULT_HOURS after its start', async () => {
    const { guild, member } = await guildWithPlayer()
    // Scheduled ahead: 20:00 in São Paulo on 2026-12-03, 23:00Z, six hours until 05:00Z.
    ctx.setNow(new Date('2026-12-03T12:00:00Z'))
    const night = await scheduleNight(member, { date: '2026-12-03', endTime: null })
    await playerCreatedAt(guild.id, 'Inside', new Date('2026-12-04T04:59:00Z'))
    await playerCreatedAt(guild.id, 'After', new Date('2026-12-04T05:01:00Z'))
    const detail = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${night.id}`)
    expect(listed(detail)).toEqual([['Inside', null]])
  })

  it('lists, on a night recorded after the fact, the players created before it was recorded', async () => {
    const { guild, member } = await guildWithPlayer()
    await playerCreatedAt(guild.id, 'Roster', new Date('2026-12-09T11:00:00Z'))
    // Recorded at 12:00 on 2026-12-09 for the 3rd: the officer marks the roster they have.
    const night = await scheduleNight(member, { date: '2026-12-03' })
    await playerCreatedAt(guild.id, 'Recruit', new Date('2026-12-09T13:00:00Z'))
    const detail = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${night.id}`)
    expect(listed(detail)).toEqual([['Roster', null]])
  })

  it('lists every active player on a night still ahead, whenever they were created', async () => {
    const { guild, member } = await guildWithPlayer()
    const night = await scheduleNight(member)
    await playerCreatedAt(guild.id, 'Newcomer', new Date('2026-12-09T12:00:00Z'))
    const detail = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${night.id}`)
    expect(listed(detail)).toEqual([['Newcomer', null]])
  })
})
