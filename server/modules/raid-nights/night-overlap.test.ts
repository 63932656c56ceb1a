import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { RaidNightDetail, Tonight } from '../../../contract/raid-nights'
import { auditLogs, raidNightAttendance, raidNights } from '../../db/schema'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { api, DURING_NIGHT, markPlayers, scheduleNight, tick } from './raid-nights.test-support'

// A guild runs one night at a time (docs/product-rules.md, "Raid nights"): no create, edit, copy or reopen may
// leave two active nights whose times meet. The night running kept running, its queues and marks with it,
// when another one was scheduled over it; now that write is refused and changes nothing.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

/** A guild on a live trial and a member, at 20:30 on 2026-12-10 in São Paulo (TONIGHT runs 20:00–23:00). */
async function guildAt(now = DURING_NIGHT) {
  ctx.setNow(now)
  const { guild } = await buildGuild(ctx, { createdAt: new Date(now.getTime() - 60_000) })
  const member = await buildMember(ctx, { guildId: guild.id })
  return { guild, member }
}

/** Every row the guild's nights own, and its activity rows: a refused request leaves them as they were. */
async function nightState(guildId: string) {
  const { db } = ctx.database
  return {
    nights: await db.select().from(raidNights).where(eq(raidNights.guildId, guildId)),
    marks: await db.select().from(raidNightAttendance).where(eq(raidNightAttendance.guildId, guildId)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.guildId, guildId)),
  }
}

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } }

const refused = async (res: Response) => (await expectError(res, 409, 'RAID_NIGHT_OVERLAP')) as Refusal

describe('one night at a time', () => {
  it('refuses a new night over the one running, naming it on the guild’s clock; the running night stays tonight', async () => {
    const { guild, member } = await guildAt()
    const running = await scheduleNight(member)
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await markPlayers(member, running.id, { [ana.id]: 'no_show' })
    const before = await nightState(guild.id)

    const res = await member.request('POST', '/api/v1/raid-nights', {
      name: 'Raid extra',
      date: '2026-12-10',
      startTime: '22:00',
      endTime: '02:00',
    })
    const body = await refused(res)
    expect(body.error.message).toBe(
      'Esse horário se sobrepõe ao de outro evento ativo: “Raid de quinta”, qui., 10/12/2026, 20:00 às 23:00. ' +
        'A guild tem um evento por vez: mude o horário, ou conclua ou cancele o outro evento.',
    )
    // Said under the form's start time.
    expect(body.error.fields).toEqual({ startTime: 'RAID_NIGHT_OVERLAP' })
    expect(await nightState(guild.id)).toEqual(before)
    const tonight = await api<Tonight>(member, 'GET', '/raid-nights-tonight')
    expect([tonight.night?.id, tonight.attendance]).toEqual([running.id, { [ana.id]: 'no_show' }])

    // In English, with the hours as English writes them.
    const english = await refused(
      await member.request(
        'POST',
        '/api/v1/raid-nights',
        { name: 'Raid extra', date: '2026-12-10', startTime: '19:00', endTime: null },
        { 'accept-language': 'en' },
      ),
    )
    expect(english.error.message).toBe(
      'This time overlaps another active event: “Raid de quinta”, Thu, 12/10/2026, 8:00 PM to 11:00 PM. ' +
        'The guild runs one event at a time: change the time, or complete or cancel the other event.',
    )
    expect(await nightState(guild.id)).toEqual(before)
  })

  it('counts a night without an end time for six hours, and lets one night start as the other ends', async () => {
    const { guild, member } = await guildAt()
    // 20:00 without an end runs until 02:00.
    const open = await scheduleNight(member, { endTime: null })
    const before = await nightState(guild.id)
    const late = { name: 'Madrugada', date: '2026-12-11', endTime: '04:00' }
    const body = await refused(
      await member.request('POST', '/api/v1/raid-nights', { ...late, startTime: '01:59' }),
    )
    expect(body.error.message).toContain('“Raid de quinta”, qui., 10/12/2026, 20:00 às 02:00.')
    // Starting exactly when the other ends, before it starts, or ending exactly as it starts: no overlap.
    await scheduleNight(member, { ...late, startTime: '02:00' })
    await scheduleNight(member, { name: 'Antes', startTime: '18:00', endTime: '20:00' })
    expect((await nightState(guild.id)).nights).toHaveLength(before.nights.length + 2)
    expect((await api<Tonight>(member, 'GET', '/raid-nights-tonight')).night?.id).toBe(open.id)
  })

  it('refuses an edit that moves an active night over another, and lets a night keep or narrow its own time', async () => {
    const { guild, member } = await guildAt()
    const running = await scheduleNight(member)
    const next = await scheduleNight(member, {
      name: 'Raid de sexta',
      date: '2026-12-11',
      startTime: '18:00',
      endTime: '22:00',
    })
    const before = await nightState(guild.id)
    for (const patch of [
      { date: '2026-12-10' },
      { date: '2026-12-10', startTime: '22:30', endTime: '01:00' },
    ]) {
      const res = await member.request('PATCH', `/api/v1/raid-nights/${next.id}`, patch)
      const body = await refused(res)
      expect(body.error.message).toContain('“Raid de quinta”, qui., 10/12/2026, 20:00 às 23:00.')
      expect(body.error.fields).toEqual({ startTime: 'RAID_NIGHT_OVERLAP' })
    }
    // The running night reaching into the next one's is refused as well, naming that one (an end before the
    // start is the next day's: 20:00 until 19:00 on Friday).
    const longer = await refused(
      await member.request('PATCH', `/api/v1/raid-nights/${running.id}`, { endTime: '19:00' }),
    )
    expect(longer.error.message).toContain('“Raid de sexta”, sex., 11/12/2026, 18:00 às 22:00.')
    expect(await nightState(guild.id)).toEqual(before)

    // Its own time does not count against it; right up to the other is fine.
    tick(ctx)
    await api(member, 'PATCH', `/raid-nights/${running.id}`, { startTime: '19:00', endTime: '22:00' })
    await api(member, 'PATCH', `/raid-nights/${next.id}`, {
      date: '2026-12-10',
      startTime: '22:00',
      endTime: '23:30',
    })
    const tonight = await api<Tonight>(member, 'GET', '/raid-nights-tonight')
    expect(tonight.night?.id).toBe(running.id)
  })

  it('leaves out completed, archived and cancelled nights, and other guilds’ nights', async () => {
    const { guild, member } = await guildAt()
    const other = await guildAt()
    await scheduleNight(other.member)
    for (const action of ['complete', 'archive', 'cancel']) {
      const night = await scheduleNight(member, { name: action })
      await api(member, 'POST', `/raid-nights/${night.id}/status`, { action })
    }
    const night = await scheduleNight(member, { name: 'Agora sim' })
    // A night that is not active may be moved anywhere: it runs no queue.
    const [done] = (await nightState(guild.id)).nights.filter((n) => n.status === 'completed')
    await api(member, 'PATCH', `/raid-nights/${done!.id}`, { startTime: '21:00' })
    expect((await api<Tonight>(member, 'GET', '/raid-nights-tonight')).night?.id).toBe(night.id)
  })

  it('refuses reopening a night whose time another active night took meanwhile', async () => {
    const { guild, member } = await guildAt()
    const first = await scheduleNight(member)
    await api(member, 'POST', `/raid-nights/${first.id}/status`, { action: 'cancel' })
    const second = await scheduleNight(member, { name: 'Raid remarcada', startTime: '21:00' })
    const before = await nightState(guild.id)
    const res = await member.request('POST', `/api/v1/raid-nights/${first.id}/status`, { action: 'reopen' })
    const body = await refused(res)
    expect(body.error.message).toContain('“Raid remarcada”, qui., 10/12/2026, 21:00 às 23:00.')
    // Nothing to say under a form's field: the status buttons show it as a toast.
    expect(body.error.fields).toBeUndefined()
    expect(await nightState(guild.id)).toEqual(before)

    // Once the other is completed, the first may run again.
    await api(member, 'POST', `/raid-nights/${second.id}/status`, { action: 'complete' })
    const reopened = await api<RaidNightDetail>(member, 'POST', `/raid-nights/${first.id}/status`, {
      action: 'reopen',
    })
    expect(reopened.status).toBe('active')
  })

  it('refuses "same as last week" twice: the second copy would meet the first', async () => {
    const { guild, member } = await guildAt()
    const night = await scheduleNight(member)
    tick(ctx)
    const copy = await api<RaidNightDetail>(member, 'POST', `/raid-nights/${night.id}/copy`, undefined, 201)
    expect([copy.date, copy.startTime, copy.endTime]).toEqual(['2026-12-17', '20:00', '23:00'])
    const before = await nightState(guild.id)
    tick(ctx)
    const body = await refused(await member.request('POST', `/api/v1/raid-nights/${night.id}/copy`))
    expect(body.error.message).toContain('“Raid de quinta”, qui., 17/12/2026, 20:00 às 23:00.')
    expect(body.error.fields).toBeUndefined()
    expect(await nightState(guild.id)).toEqual(before)
  })
})

describe('an end time equal to the start', () => {
  it('is refused on the end’s field, whether typed whole or by a patch of either time, writing nothing', async () => {
    const { guild, member } = await guildAt()
    const night = await scheduleNight(member)
    const before = await nightState(guild.id)
    const typed = { name: 'Dia inteiro', date: '2026-12-12', startTime: '20:00', endTime: '20:00' }
    const attempts: [string, string, object][] = [
      ['POST', '/api/v1/raid-nights', typed],
      ['PATCH', `/api/v1/raid-nights/${night.id}`, { startTime: '23:00' }],
      ['PATCH', `/api/v1/raid-nights/${night.id}`, { endTime: '20:00' }],
      ['PATCH', `/api/v1/raid-nights/${night.id}`, { startTime: '21:00', endTime: '21:00' }],
    ]
    for (const [method, path, body] of attempts) {
      const refusal = await expectError(await member.request(method, path, body), 400, 'VALIDATION_FAILED')
      expect(refusal.error.fields, `${method} ${JSON.stringify(body)}`).toEqual({ endTime: 'endEqualsStart' })
    }
    expect(await nightState(guild.id)).toEqual(before)
  })
})
