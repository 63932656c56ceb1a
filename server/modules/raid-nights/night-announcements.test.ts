import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type AnnounceEvent, WebhookDeliverySchema } from '../../../contract/integrations'
import type { RaidNightDetail } from '../../../contract/raid-nights'
import { guilds, integrationOutbox, raidNights } from '../../db/schema'
import { buildMember } from '../../test/factories'
import { databaseSnapshot, withFault } from '../../test/fault-injection'
import {
  embedOf,
  fieldValue,
  outboxOf,
  receiverTestContext,
  setDiscord,
  setWebhook,
} from '../integrations/integrations.test-support'
import { DISCORD_LIMITS } from '../../platform/integrations/render'
import { buildQueue } from '../queues/queue.test-support'
import { announceNightStarts, START_ANNOUNCE_GRACE_MS } from './night-starts'
import { api, DURING_NIGHT, markPlayers, scheduleNight } from './raid-nights.test-support'

// Raid nights in Discord and the signed webhook (docs/decisions/011-integrations.md, "Raid nights"): "the event
// started" once, one recap when the night is completed, awards during a night in the recap or on their own
// as the guild chose, and every award naming who is next in line. Receivers are local; the sender and the
// start loop are driven by hand with the test's clock.

const { receiver, ctx } = await receiverTestContext({ INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' })
afterEach(async () => {
  ctx.setNow(null)
  await ctx.database.db
    .update(integrationOutbox)
    .set({ status: 'cancelled' })
    .where(eq(integrationOutbox.status, 'pending'))
})

const drain = () => ctx.deps.announcer.drain()
const since = (from: number) => receiver.requests.slice(from)
/** 20:00 in São Paulo on 2026-12-10: TONIGHT's start. */
const START = new Date('2026-12-10T23:00:00Z')
const at = (ms: number) => ctx.setNow(new Date(START.getTime() + ms))

/**
 * A guild announcing to Discord (English) the events given, with a queue (Ana, Bruno, Caio, Duda) and
 * TONIGHT scheduled; the clock an hour before it starts.
 */
async function nightGuild(events: AnnounceEvent[]) {
  at(-3_600_000)
  const q = await buildQueue(ctx)
  const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin', name: 'Raid Leader' })
  await setDiscord(admin, { events })
  const night = await scheduleNight(admin)
  return { ...q, admin, night }
}

async function award(q: Awaited<ReturnType<typeof nightGuild>>, name: string, body: object = {}) {
  await api(q.admin, 'POST', `/queue-entries/${q.entryOf(name).id}/received`, body)
}

describe('"the event started"', () => {
  it('is written once when the start passes, and reaches Discord and the signed webhook', async () => {
    const q = await nightGuild(['raid_nights'])
    await setWebhook(q.admin, `${receiver.url}/bot`, { events: ['raid_nights'], language: 'pt' })
    at(-1000)
    expect(await announceNightStarts(ctx.deps)).toBe(0)
    at(10_000)
    // Two rounds at once (two processes): the start is claimed by one of them.
    const claimed = await Promise.all([announceNightStarts(ctx.deps), announceNightStarts(ctx.deps)])
    expect(claimed.sort()).toEqual([0, 1])
    expect(await announceNightStarts(ctx.deps)).toBe(0)
    const outbox = await outboxOf(ctx, q.guild.id)
    expect(outbox.map((m) => m.event)).toEqual(['raid_nights', 'raid_nights'])

    const from = receiver.requests.length
    await drain()
    const [discord, bot] = [
      since(from).find((r) => r.path.startsWith('/api/webhooks'))!,
      since(from).find((r) => r.path === '/bot')!,
    ]
    const embed = embedOf(discord.body)
    expect(embed.title).toBe('Event started: Raid de quinta')
    expect(embed.description).toBe('Naxx 25')
    expect(embed.url).toBe(`http://localhost:3000/guilds/${q.guild.slug}`)
    // Discord shows these in each reader's own time zone.
    expect(fieldValue(embed, 'Start')).toBe(`<t:${START.getTime() / 1000}:F>`)
    expect(fieldValue(embed, 'End')).toBe(`<t:${START.getTime() / 1000 + 3 * 3600}:t>`)
    const delivery = WebhookDeliverySchema.parse(JSON.parse(bot.body))
    expect(delivery).toMatchObject({
      event: 'raid_nights',
      text: 'Evento começou: Raid de quinta',
      announcement: {
        type: 'night_started',
        night: {
          id: q.night.id,
          name: 'Raid de quinta',
          description: 'Naxx 25',
          startsAt: START.toISOString(),
          endsAt: '2026-12-11T02:00:00.000Z',
        },
      },
    })
  })

  it('is not written for a night that started long ago, was cancelled, or a guild that did not choose it', async () => {
    const q = await nightGuild(['awards'])
    const other = await nightGuild(['raid_nights'])
    await api(other.admin, 'POST', `/raid-nights/${other.night.id}/status`, { action: 'cancel' })
    // The first guild's night starts: claimed, but its guild announces no raid nights.
    at(START_ANNOUNCE_GRACE_MS - 1000)
    expect(await announceNightStarts(ctx.deps)).toBeGreaterThanOrEqual(1)
    // Scheduled after the fact: its start passed an hour ago.
    at(3_600_000)
    const late = await scheduleNight(other.admin, { name: 'Forgotten', startTime: '20:00', endTime: '23:30' })
    expect(late.phase).toBe('running')
    expect(await announceNightStarts(ctx.deps)).toBe(0)
    expect(await outboxOf(ctx, q.guild.id)).toEqual([])
    expect(await outboxOf(ctx, other.guild.id)).toEqual([])
  })

  it('is written again when an announced night moves to a later start, and never for a guild without Pro', async () => {
    const q = await nightGuild(['raid_nights'])
    at(5000)
    await announceNightStarts(ctx.deps)
    await api(q.admin, 'PATCH', `/raid-nights/${q.night.id}`, { startTime: '21:00' })
    at(3_600_000 + 5000)
    await announceNightStarts(ctx.deps)
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.event)).toEqual(['raid_nights', 'raid_nights'])

    const lapsed = await nightGuild(['raid_nights'])
    await ctx.database.db
      .update(guilds)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(guilds.id, lapsed.guild.id))
    at(5000)
    await announceNightStarts(ctx.deps)
    expect(await outboxOf(ctx, lapsed.guild.id)).toEqual([])
    const [row] = await ctx.database.db.select().from(raidNights).where(eq(raidNights.id, lapsed.night.id))
    expect(row!.startAnnouncedAt).not.toBeNull()
  })
})

describe('awards during a night, and the recap', () => {
  it('sends no recap for a night completed before it started: nothing happened yet', async () => {
    const q = await nightGuild(['raid_nights'])
    // Last week's marks copied onto next week's night, no-shows included, then completed by mistake.
    const [ana, bruno] = q.players
    await markPlayers(q.admin, q.night.id, { [ana!.id]: 'present', [bruno!.id]: 'no_show' })
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    expect(await outboxOf(ctx, q.guild.id)).toEqual([])
    // Reopened and completed once it ran, it is recapped.
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'reopen' })
    at(60 * 60_000)
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    const outbox = await outboxOf(ctx, q.guild.id)
    expect(outbox.map((m) => m.event)).toEqual(['raid_nights'])
    expect(outbox[0]!.announcement).toMatchObject({ type: 'night_recap' })
  })

  it('with raid nights chosen, awards during the night wait for one recap: awards, notes and marks', async () => {
    const q = await nightGuild(['awards', 'raid_nights'])
    await setWebhook(q.admin, `${receiver.url}/bot`, { events: ['raid_nights'], language: 'en' })
    const [ana, bruno, caio, duda] = q.players
    await markPlayers(q.admin, q.night.id, {
      [ana!.id]: 'present',
      [bruno!.id]: 'late',
      [caio!.id]: 'bench',
      [duda!.id]: 'no_show',
    })
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana', { note: 'Best in slot *really*' })
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 60_000))
    await award(q, 'Bruno')
    expect(await outboxOf(ctx, q.guild.id)).toEqual([])

    ctx.setNow(new Date(DURING_NIGHT.getTime() + 3 * 3_600_000))
    // After the night, an award is an award like any other.
    await award(q, 'Caio')
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.event)).toEqual(['awards'])
    await drain()
    const from = receiver.requests.length
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    const recaps = (await outboxOf(ctx, q.guild.id)).filter((m) => m.event === 'raid_nights')
    expect(recaps).toHaveLength(2)
    await drain()
    const discord = since(from).find((r) => r.path.startsWith('/api/webhooks'))!
    const embed = embedOf(discord.body)
    expect(embed.title).toBe('Event recap: Raid de quinta')
    expect(embed.description).toBe(
      '**Espada Lendária** → Ana — Best in slot \\*really\\*\n**Espada Lendária** → Bruno',
    )
    expect(fieldValue(embed, 'Attendance')).toBe('Present: 1 · Late: 1 · Bench: 1 · Excused: 0 · No-show: 1')
    expect(fieldValue(embed, 'Items distributed')).toBe('2')
    expect(fieldValue(embed, 'By')).toBe('Raid Leader')
    const bot = since(from).find((r) => r.path === '/bot')!
    const delivery = WebhookDeliverySchema.parse(JSON.parse(bot.body))
    expect(delivery.announcement).toMatchObject({
      type: 'night_recap',
      night: { id: q.night.id, name: 'Raid de quinta' },
      recap: {
        awards: [
          {
            item: { name: 'Espada Lendária', rarity: 'legendary' },
            player: { name: 'Ana' },
            note: 'Best in slot *really*',
          },
          { item: { name: 'Espada Lendária' }, player: { name: 'Bruno' }, note: null },
        ],
        attendance: { present: 1, late: 1, bench: 1, excused: 0, noShow: 1 },
      },
    })
  })

  // Outside tester K: the question before undoing an award of a completed night promised a "Desfeito" on
  // the same channels, and none came where the guild announces nights without each award (the award was only
  // in the recap). Those channels get the award's message, undone, naming the night; the recap is not resent.
  it('an award undone after its recap is said undone where the recap went, naming the night', async () => {
    const q = await nightGuild(['raid_nights'])
    await setWebhook(q.admin, `${receiver.url}/bot`, {
      events: ['raid_nights', 'night_awards'],
      language: 'en',
    })
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana', { note: 'Won the roll' })
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 60_000))
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    await drain()
    const from = receiver.requests.length
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 120_000))
    await api(q.admin, 'POST', `/items/${q.item.id}/queue/undo`, { afterRecap: true })
    await drain()
    const discord = since(from).filter((r) => r.path.startsWith('/api/webhooks'))
    expect(discord).toHaveLength(1)
    const embed = embedOf(discord[0]!.body)
    expect(embed.title).toBe('Undone: Ana received Espada Lendária')
    // The webhook announced the award on its own (night awards): its message is corrected, once.
    const bots = since(from).filter((r) => r.path === '/bot')
    expect(bots).toHaveLength(1)
    const corrections = (await outboxOf(ctx, q.guild.id)).filter(
      (m) => m.actionAt!.getTime() > DURING_NIGHT.getTime() + 60_000,
    )
    expect(corrections.map((m) => [m.event, m.announcement])).toEqual([
      [
        'raid_nights',
        expect.objectContaining({
          type: 'item_received',
          undone: true,
          player: { name: 'Ana' },
          note: 'Won the roll',
          night: expect.objectContaining({ id: q.night.id, name: 'Raid de quinta' }),
        }),
      ],
      ['night_awards', expect.objectContaining({ type: 'item_received', undone: true })],
    ])
  })

  it('an officers-only note of an award is not in the recap (Discord, webhook); a normal note is', async () => {
    const q = await nightGuild(['raid_nights', 'night_awards'])
    await setWebhook(q.admin, `${receiver.url}/bot`, { events: ['raid_nights', 'night_awards'] })
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana', { note: 'officers-recap-Pd57', notePrivate: true })
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 60_000))
    await award(q, 'Bruno', { note: 'shown-recap-Ke21' })
    const from = receiver.requests.length
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    await drain()
    const requests = since(from)
    // Each award's own message and the recap, to both receivers.
    expect(requests).toHaveLength(6)
    for (const r of requests) expect(r.body).not.toContain('officers-recap-Pd57')
    expect(JSON.stringify(await outboxOf(ctx, q.guild.id))).not.toContain('officers-recap-Pd57')
    const discord = requests.filter((r) => r.path.startsWith('/api/webhooks')).map((r) => embedOf(r.body))
    const recap = discord.find((embed) => embed.title === 'Event recap: Raid de quinta')!
    expect(recap.description).toBe(
      '**Espada Lendária** → Ana\n**Espada Lendária** → Bruno — shown-recap-Ke21',
    )
    const bot = requests.map((r) => JSON.parse(r.body)).find((d) => d.event === 'raid_nights')
    expect(bot.announcement.recap.awards.map((a: { note: string | null }) => a.note)).toEqual([
      null,
      'shown-recap-Ke21',
    ])
  })

  it('with per-award messages on, each award during the night has its own message too', async () => {
    const q = await nightGuild(['raid_nights', 'night_awards'])
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana')
    const [awarded] = await outboxOf(ctx, q.guild.id)
    expect(awarded!.event).toBe('night_awards')
    // The award says its night, so a guild's bot knows which night it belongs to before the recap.
    expect(awarded!.announcement).toMatchObject({
      type: 'item_received',
      night: { id: q.night.id, name: 'Raid de quinta' },
    })
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.event)).toEqual(['night_awards', 'raid_nights'])
    // Outside a night, `night_awards` alone announces nothing.
    await award(q, 'Bruno')
    expect(await outboxOf(ctx, q.guild.id)).toHaveLength(2)
  })

  it('a guild that does not announce raid nights keeps its award messages, and gets no recap', async () => {
    const q = await nightGuild(['awards'])
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana')
    await api(q.admin, 'POST', `/raid-nights/${q.night.id}/status`, { action: 'complete' })
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.event)).toEqual(['awards'])
  })

  it('the recap is written in the transaction that completes the night: a failed completion leaves none', async () => {
    const q = await nightGuild(['raid_nights'])
    ctx.setNow(DURING_NIGHT)
    await award(q, 'Ana')
    const before = await databaseSnapshot(ctx.database)
    const { result: res, fired } = await withFault(
      ctx.database,
      { table: 'audit_logs', on: 'INSERT', when: 'commit', guildId: q.guild.id },
      () => q.admin.request('POST', `/api/v1/raid-nights/${q.night.id}/status`, { action: 'complete' }),
    )
    expect(fired).toBe(1)
    expect(res.status).toBe(500)
    expect(await databaseSnapshot(ctx.database)).toEqual(before)
    expect(await outboxOf(ctx, q.guild.id)).toEqual([])
  })

  it('a long recap stays within Discord’s limits and counts the awards it leaves out', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `Jogador ${String(i + 1).padStart(2, '0')}`)
    at(-3_600_000)
    const q = await buildQueue(ctx, names)
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
    await setDiscord(admin, { events: ['raid_nights'] })
    const night = await scheduleNight(admin, { endTime: '23:59' })
    ctx.setNow(DURING_NIGHT)
    const note = 'Rolled a 100 after a long argument about who needs it most; '.repeat(3)
    for (const name of names) {
      await api(admin, 'POST', `/queue-entries/${q.entryOf(name).id}/received`, { note })
      ctx.setNow(new Date(ctx.deps.now().getTime() + 1000))
    }
    const from = receiver.requests.length
    await api<RaidNightDetail>(admin, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    await drain()
    const embed = embedOf(since(from)[0]!.body)
    const lines = embed.description!.split('\n')
    const last = lines.at(-1)!
    const left = Number(/^\+(\d+) more$/.exec(last)?.[1])
    expect(left).toBeGreaterThan(0)
    expect(lines.length - 1 + left).toBe(60)
    expect(lines[0]).toContain('→ Jogador 01 — Rolled a 100')
    const total =
      embed.title.length +
      embed.description!.length +
      embed.footer.text.length +
      embed.fields.reduce((n, f) => n + f.name.length + f.value.length, 0)
    expect(total).toBeLessThanOrEqual(DISCORD_LIMITS.total)
    expect(embed.description!.length).toBeLessThanOrEqual(DISCORD_LIMITS.description)
    expect(fieldValue(embed, 'Items distributed')).toBe('60')
  })
})

describe('next in line in award messages', () => {
  it('names who is next after the award; during a night, among those here', async () => {
    const q = await nightGuild(['awards'])
    const [, bruno] = q.players
    await markPlayers(q.admin, q.night.id, { [bruno!.id]: 'bench' })
    ctx.setNow(DURING_NIGHT)
    const from = receiver.requests.length
    await award(q, 'Ana')
    await drain()
    const during = embedOf(since(from)[0]!.body)
    expect(fieldValue(during, 'Next in line')).toBe('Caio')
    expect((await outboxOf(ctx, q.guild.id))[0]!.announcement).toMatchObject({ nextInLine: { name: 'Caio' } })

    ctx.setNow(new Date(DURING_NIGHT.getTime() + 3 * 3_600_000))
    const after = receiver.requests.length
    await award(q, 'Caio')
    await drain()
    expect(fieldValue(embedOf(since(after)[0]!.body), 'Next in line')).toBe('Bruno')
  })

  it('after a full round the first who received is next again; nobody when none can receive', async () => {
    at(-3_600_000)
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
    await setDiscord(admin, { events: ['awards'], language: 'pt' })
    const entry = (name: string) => `/queue-entries/${q.entryOf(name).id}`
    await api(admin, 'POST', `${entry('Ana')}/received`)
    await api(admin, 'POST', `${entry('Bruno')}/received`)
    const nextOf = async () =>
      (await outboxOf(ctx, q.guild.id))
        .filter((m) => m.event === 'awards')
        .map((m) => (m.announcement as { nextInLine: unknown }).nextInLine)
    expect(await nextOf()).toEqual([{ name: 'Bruno' }, { name: 'Ana' }])
    // Ana wants it no more, and Bruno is penalised: after his award nobody can receive the item.
    await api(admin, 'POST', `${entry('Ana')}/not-interested`)
    await api(admin, 'POST', `${entry('Bruno')}/penalty`, { days: 3, note: 'AFK' })
    await api(admin, 'POST', `${entry('Bruno')}/received`)
    expect((await nextOf()).at(-1)).toBeNull()
    const from = receiver.requests.length
    await drain()
    const last = since(from)
      .map((r) => embedOf(r.body))
      .at(-1)!
    expect(last.title).toBe('Bruno recebeu Espada Lendária')
    expect(fieldValue(last, 'Próximo na fila')).toBe('Ninguém pode receber agora')
  })
})
