import { afterEach, describe, expect, it } from 'vitest'
import type { RaidNightDetail } from '../../../contract/raid-nights'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { type Actor, buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { buildQueue } from '../queues/queue.test-support'
import { api, DURING_NIGHT, scheduleNight } from './raid-nights.test-support'

// Outside test F, defect 2: a night with awards was moved to another day and still showed its loot as
// "handed out while it was running", at times outside its new hours. New times must hold every award of the
// night (docs/product-rules.md, "Raid nights"); names, descriptions and wider hours stay free.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } }

/**
 * A night 20:00–23:00 in São Paulo (TONIGHT) with `awards` items handed out during it, a minute apart from
 * 20:30 (DURING_NIGHT).
 */
async function nightWithAwards(awards: number) {
  ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
  const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
  ctx.setNow(DURING_NIGHT)
  const night = await scheduleNight(q.member)
  for (const name of ['Ana', 'Bruno', 'Caio'].slice(0, awards)) {
    await api(q.member, 'POST', `/queue-entries/${q.entryOf(name).id}/received`, { raidNightId: night.id })
    ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000))
  }
  return { ...q, night }
}

/** PATCH as `actor`, its refusal said in `lang` (the cookie the web sets). */
const patch = (actor: Actor, id: string, body: unknown, lang = 'pt') =>
  actor.request('PATCH', `/api/v1/raid-nights/${id}`, body, { cookie: `${actor.cookie}; lq_lang=${lang}` })

describe('moving a night that has awards', () => {
  it('refuses new times that leave out an award, naming how many and when, under the field changed; nothing changes', async () => {
    const q = await nightWithAwards(2)
    const before = await databaseFingerprint(ctx)

    const moved = (await expectError(
      await patch(q.member, q.night.id, { date: '2026-12-11' }),
      409,
      'RAID_NIGHT_AWARDS_OUTSIDE',
    )) as Refusal
    expect(moved.error.message).toBe(
      '2 itens foram distribuídos neste evento, entre qui., 10/12/2026, 20:30 e 20:31: o novo horário ' +
        'precisa incluí-los. Nada foi alterado.',
    )
    expect(moved.error.fields).toEqual({ date: 'RAID_NIGHT_AWARDS_OUTSIDE' })

    const english = (await expectError(
      await patch(q.member, q.night.id, { date: '2026-12-11' }, 'en'),
      409,
      'RAID_NIGHT_AWARDS_OUTSIDE',
    )) as Refusal
    expect(english.error.message).toBe(
      '2 items were handed out during this event, between Thu, 12/10/2026, 8:30 PM and 8:31 PM: its new ' +
        'times must include them. Nothing was changed.',
    )

    // A later start leaves out the first; an earlier end, or no end with a start 6 hours too early, the last.
    for (const [body, field] of [
      [{ startTime: '20:31' }, 'startTime'],
      [{ endTime: '20:31' }, 'endTime'],
      [{ startTime: '14:00', endTime: null }, 'startTime'],
      [{ date: '2026-12-09', startTime: '20:00', endTime: '21:00' }, 'date'],
    ] as const) {
      const refusal = (await expectError(
        await patch(q.member, q.night.id, body),
        409,
        'RAID_NIGHT_AWARDS_OUTSIDE',
      )) as Refusal
      expect(refusal.error.fields, JSON.stringify(body)).toEqual({ [field]: 'RAID_NIGHT_AWARDS_OUTSIDE' })
    }
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })

  it('says one award in the singular', async () => {
    const q = await nightWithAwards(1)
    const refusal = (await expectError(
      await patch(q.member, q.night.id, { startTime: '21:00' }),
      409,
      'RAID_NIGHT_AWARDS_OUTSIDE',
    )) as Refusal
    expect(refusal.error.message).toBe(
      '1 item foi distribuído neste evento, em qui., 10/12/2026, 20:30: o novo horário precisa incluí-lo. ' +
        'Nada foi alterado.',
    )
  })

  it('allows a new name or description, wider hours, and narrower ones that still hold every award', async () => {
    const q = await nightWithAwards(2)
    const path = `/raid-nights/${q.night.id}`
    const renamed = await api<RaidNightDetail>(q.member, 'PATCH', path, {
      name: 'Raid renomeada',
      description: null,
    })
    expect([renamed.name, renamed.description]).toEqual(['Raid renomeada', null])
    const wider = await api<RaidNightDetail>(q.member, 'PATCH', path, {
      startTime: '19:00',
      endTime: '23:59',
    })
    expect([wider.startTime, wider.endTime]).toEqual(['19:00', '23:59'])
    // Until 20:31 exactly would leave out the award made at 20:31; a minute more holds it.
    const narrow = await api<RaidNightDetail>(q.member, 'PATCH', path, {
      startTime: '20:30',
      endTime: '20:32',
    })
    expect([narrow.startTime, narrow.endTime, narrow.awards]).toEqual(['20:30', '20:32', 2])
    // No end: it runs NIGHT_DEFAULT_HOURS (6 h), 15:00 until 21:00, which holds them (14:00 did not: above).
    const noEnd = await api<RaidNightDetail>(q.member, 'PATCH', path, { startTime: '15:00', endTime: null })
    expect([noEnd.startTime, noEnd.endTime]).toEqual(['15:00', null])
  })

  it('leaves a completed night to the same rule, and a night without awards free to move', async () => {
    const q = await nightWithAwards(1)
    await api(q.member, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    await expectError(
      await patch(q.member, q.night.id, { date: '2026-12-03' }),
      409,
      'RAID_NIGHT_AWARDS_OUTSIDE',
    )
    const empty = await scheduleNight(q.member, { name: 'Sem itens', date: '2026-12-17' })
    const moved = await api<RaidNightDetail>(q.member, 'PATCH', `/raid-nights/${empty.id}`, {
      date: '2026-12-18',
    })
    expect(moved.date).toBe('2026-12-18')
  })

  it("another guild's night is not found, and stays as it was", async () => {
    const q = await nightWithAwards(1)
    const { guild } = await buildGuild(ctx)
    const stranger = await buildMember(ctx, { guildId: guild.id })
    // Its first request settles its session's row (not a change of the night's).
    await api(stranger, 'GET', '/raid-nights')
    const before = await databaseFingerprint(ctx)
    for (const body of [{ date: '2026-12-11' }, { name: 'Outra' }, { endTime: '23:59' }]) {
      await expectError(
        await stranger.request('PATCH', `/api/v1/raid-nights/${q.night.id}`, body),
        404,
        'NOT_FOUND',
      )
    }
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })
})
