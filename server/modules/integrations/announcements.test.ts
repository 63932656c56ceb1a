import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { WebhookDeliverySchema } from '../../../contract/integrations'
import { auditLogs, guildIntegrations, integrationOutbox } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { databaseSnapshot, withFault } from '../../test/fault-injection'
import { buildQueue, call, entryByName } from '../queues/queue.test-support'
import {
  DISCORD_TOKEN,
  embedOf,
  fieldValue,
  outboxOf,
  receiverTestContext,
  setDiscord,
  setWebhook,
  WEBHOOK_SECRET,
} from './integrations.test-support'

// Announcements through the outbox to a local receiver standing in for Discord (the harness sends Discord
// messages to it) or for a guild's own bot (an allowed local URL). The sender is driven by hand (drain), with
// the injectable clock, so retries and their delays are exact.

const { receiver, ctx } = await receiverTestContext({ INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' })
afterEach(async () => {
  ctx.setNow(null as unknown as Date)
  // Each test's messages are its own: whatever one leaves waiting must not answer another's receiver script.
  await ctx.database.db
    .update(integrationOutbox)
    .set({ status: 'cancelled' })
    .where(eq(integrationOutbox.status, 'pending'))
})

const drain = () => ctx.deps.announcer.drain()
/** The requests the receiver got since `from`. */
const since = (from: number) => receiver.requests.slice(from)

/** A guild with Discord announcements and a queue: Ana, Bruno, Caio, Duda on a legendary item. */
async function announcingQueue(settings: Record<string, unknown> = {}) {
  const q = await buildQueue(ctx)
  const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin', name: 'Raid Leader' })
  await setDiscord(admin, settings)
  return { ...q, admin }
}

describe('Discord announcements', () => {
  it('an award with a note: one embed with rarity colour, player, positions, note, who acted and the public link', async () => {
    const q = await announcingQueue()
    const from = receiver.requests.length
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, {
      note: 'Won the roll @everyone',
    })
    expect(since(from)).toEqual([]) // nothing leaves before the sender runs: the action did not wait for it
    expect(await drain()).toBe(1)
    const [request] = since(from)
    expect(request!.path).toBe(`/api/webhooks/112233445566778899/${DISCORD_TOKEN}`)
    expect(request!.headers['content-type']).toBe('application/json')
    const embed = embedOf(request!.body)
    expect(embed).toMatchObject({
      title: 'Ana received Espada Lendária',
      url: `http://localhost:3000/guilds/${q.guild.slug}`,
      color: 0xff8000,
      footer: { text: `LootQueue · ${q.guild.name}` },
      allowedMentions: { parse: [] },
    })
    expect(embed.fields).toEqual([
      { name: 'Previous position', value: '#1', inline: true },
      { name: 'Position now', value: '#4', inline: true },
      // Bruno is next: the award's message names who gets the item next.
      { name: 'Next in line', value: 'Bruno', inline: true },
      { name: 'Note', value: 'Won the roll @everyone' },
      { name: 'By', value: 'Raid Leader', inline: true },
    ])
    expect(Date.parse(embed.timestamp)).not.toBeNaN()
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.status)).toEqual(['sent'])
    // Sent once: another round finds nothing to do.
    expect(await drain()).toBe(0)
    expect(since(from)).toHaveLength(1)
  })

  it('speaks the chosen language, and each rarity has its colour', async () => {
    const q = await announcingQueue({ language: 'pt' })
    const epic = await buildItem(ctx, q.guild.id, { name: 'Elmo Épico', rarity: 'epic' })
    const plain = await buildItem(ctx, q.guild.id, { name: 'Pedra', rarity: null })
    for (const item of [epic, plain]) await call(q.admin, 'POST', `/items/${item.id}/queue/add-all`)
    const epicQueue = await call(q.admin, 'GET', `/items/${epic.id}/queue`)
    await drain()
    const from = receiver.requests.length
    await call(q.admin, 'POST', `/queue-entries/${entryByName(epicQueue, 'Bruno').id}/absent`)
    await drain()
    const [absent] = since(from).map((r) => embedOf(r.body))
    expect(absent).toMatchObject({ title: 'Ausência de Bruno em Elmo Épico', color: 0xa335ee })
    expect(fieldValue(absent!, 'Por')).toBe('Raid Leader')
    expect(fieldValue(absent!, 'Posição anterior')).toBe('#2')
    const adds = (await outboxOf(ctx, q.guild.id)).filter((m) => m.event === 'queue')
    expect(adds.map((m) => (m.announcement as { item: { rarity: string | null } }).item.rarity)).toEqual([
      'epic',
      null,
    ])
    const addAll = receiver.requests.map((r) => embedOf(r.body)).find((e) => e.title.includes('Pedra'))
    expect(addAll).toMatchObject({ title: '4 jogadores entraram na fila de Pedra', color: 0x6366f1 })
  })

  it('sends only the events the guild chose', async () => {
    const q = await announcingQueue({ events: ['awards'] })
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, { days: 2, note: 'Late' })
    expect(await outboxOf(ctx, q.guild.id)).toEqual([])
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.event)).toEqual(['awards'])
  })

  it('a penalty says for how long and why', async () => {
    const q = await announcingQueue()
    const from = receiver.requests.length
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, { days: 3, note: 'AFK' })
    await drain()
    const embed = embedOf(since(from)[0]!.body)
    expect(embed.title).toBe('Caio penalized for Espada Lendária')
    expect(fieldValue(embed, 'Penalty')).toBe('3 days')
    expect(fieldValue(embed, 'Note')).toBe('AFK')
  })
})

describe('a local stand-in for Discord (INTEGRATIONS_ALLOW_LOCAL_URLS)', () => {
  it("is shown masked as the address it is, not in Discord's shape", async () => {
    const q = await announcingQueue({ url: `${receiver.url}/discord` })
    const saved = await call<{ discord: { maskedUrl: string } }>(q.admin, 'GET', '/integrations')
    expect(saved.discord.maskedUrl).toBe(`${new URL(receiver.url).origin}/••••`)
  })
})

describe('officers-only notes', () => {
  it('are never in a Discord message or a signed webhook delivery; a normal note of the same run is', async () => {
    const q = await announcingQueue({ events: ['awards', 'absences', 'queue'] })
    await setWebhook(q.admin, `${receiver.url}/bot/officers`, { events: ['awards', 'absences', 'queue'] })
    const secret = {
      award: 'officers-award-Zk40',
      absent: 'officers-absent-Mp18',
      penalty: 'officers-penalty-Rc73',
      penaltyRemoved: 'officers-unpenalty-Wq25',
      notInterested: 'officers-pass-Gh09',
      reorder: 'officers-order-Jb61',
      removed: 'officers-removed-Ux34',
    }
    const privately = (note: string) => ({ note, notePrivate: true })
    const entry = (name: string) => `/queue-entries/${q.entryOf(name).id}`
    const from = receiver.requests.length
    await call(q.admin, 'POST', `${entry('Ana')}/received`, privately(secret.award))
    await call(q.admin, 'POST', `${entry('Bruno')}/absent`, privately(secret.absent))
    await call(q.admin, 'POST', `${entry('Caio')}/penalty`, { days: 2, ...privately(secret.penalty) })
    await call(q.admin, 'DELETE', `${entry('Caio')}/penalty`, privately(secret.penaltyRemoved))
    await call(q.admin, 'POST', `${entry('Duda')}/not-interested`, privately(secret.notInterested))
    const view = await call(q.admin, 'GET', `/items/${q.item.id}/queue`)
    await call(q.admin, 'PUT', `/items/${q.item.id}/queue/order`, {
      entryIds: view.entries.map((e) => e.id).reverse(),
      ...privately(secret.reorder),
    })
    await call(q.admin, 'DELETE', entry('Duda'), privately(secret.removed))
    await call(q.admin, 'POST', `${entry('Bruno')}/received`, { note: 'shown-award-Ty52' })
    await drain()

    const requests = since(from)
    // Both receivers got every action: Discord and the bot, eight messages each.
    expect(requests.filter((r) => r.path.startsWith('/api/webhooks'))).toHaveLength(8)
    expect(requests.filter((r) => r.path === '/bot/officers')).toHaveLength(8)
    const outbox = JSON.stringify(await outboxOf(ctx, q.guild.id))
    for (const text of [...requests.map((r) => r.body), outbox]) {
      for (const note of Object.values(secret)) expect(text).not.toContain(note)
    }
    // The control: the same messages carry a normal note.
    expect(requests.filter((r) => r.body.includes('shown-award-Ty52'))).toHaveLength(2)
    const award = embedOf(requests.find((r) => r.path.startsWith('/api/webhooks'))!.body)
    expect(award.title).toBe('Ana received Espada Lendária')
    expect(fieldValue(award, 'Note')).toBeUndefined()
  })
})

describe('delivery: retries, delays and refusals', () => {
  it('429: waits the retry_after Discord asked for, then sends', async () => {
    const t0 = new Date('2031-01-10T20:00:00Z')
    ctx.setNow(t0)
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    const from = receiver.requests.length
    receiver.answer({
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 1.5, global: false },
    })
    await drain()
    const [waiting] = await outboxOf(ctx, q.guild.id)
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 429 })
    expect(waiting!.nextAttemptAt.getTime() - t0.getTime()).toBe(1500)
    ctx.setNow(new Date(t0.getTime() + 1499))
    expect(await drain()).toBe(0)
    ctx.setNow(new Date(t0.getTime() + 1500))
    expect(await drain()).toBe(1)
    expect(since(from)).toHaveLength(2)
    expect((await outboxOf(ctx, q.guild.id))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('429 without a body: the Retry-After header', async () => {
    const t0 = new Date('2031-01-11T20:00:00Z')
    ctx.setNow(t0)
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    receiver.answer({ status: 429, headers: { 'retry-after': '7' } })
    await drain()
    const [waiting] = await outboxOf(ctx, q.guild.id)
    expect(waiting!.nextAttemptAt.getTime() - t0.getTime()).toBe(7000)
  })

  it('5xx and unreachable: retried with growing backoff, in order, then sent', async () => {
    const t0 = new Date('2031-01-12T20:00:00Z')
    ctx.setNow(t0)
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    const from = receiver.requests.length
    receiver.answer({ status: 502 }, { status: 503 })
    await drain()
    let [first, second] = await outboxOf(ctx, q.guild.id)
    expect(first!.nextAttemptAt.getTime() - t0.getTime()).toBe(5_000)
    // The second waits behind the first: messages of one integration leave in order.
    expect(second).toMatchObject({ status: 'pending', attempts: 0 })
    ctx.setNow(new Date(t0.getTime() + 5_000))
    await drain()
    ;[first] = await outboxOf(ctx, q.guild.id)
    expect(first!.nextAttemptAt.getTime() - t0.getTime()).toBe(5_000 + 15_000)
    ctx.setNow(new Date(t0.getTime() + 20_000))
    await drain()
    const titles = since(from).map((r) => embedOf(r.body).title)
    expect(titles).toEqual([
      'Ana received Espada Lendária',
      'Ana received Espada Lendária',
      'Ana received Espada Lendária',
      'Bruno marked absent for Espada Lendária',
    ])
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.status)).toEqual(['sent', 'sent'])
  })

  it('404 (webhook deleted): the integration turns off with a notice, waiting messages are dropped; saving turns it on', async () => {
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    const from = receiver.requests.length
    receiver.answer({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } })
    await drain()
    expect(since(from)).toHaveLength(1)
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.status)).toEqual(['failed', 'cancelled'])
    const { discord } = await (await q.admin.request('GET', '/api/v1/integrations')).json()
    expect(discord.disabled).toMatchObject({ reason: 'rejected', status: 404 })
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actionType, 'INTEGRATION_DISABLED'))
      .then((rows) => rows.filter((r) => r.guildId === q.guild.id))
    expect(audit).toMatchObject({ userId: null, description: 'discord · 404' })
    // Off: later actions announce nothing.
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Caio').id}/absent`)
    expect(await outboxOf(ctx, q.guild.id)).toHaveLength(2)
    const saved = await setDiscord(q.admin, { url: undefined })
    expect(saved.disabled).toBeNull()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Duda').id}/absent`)
    await drain()
    expect(
      since(from)
        .map((r) => embedOf(r.body).title)
        .at(-1),
    ).toBe('Duda marked absent for Espada Lendária')
  })

  it('401 also turns it off', async () => {
    const q = await announcingQueue()
    receiver.answer({ status: 401, body: { message: '401: Unauthorized', code: 0 } })
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await drain()
    const [row] = await ctx.database.db
      .select()
      .from(guildIntegrations)
      .where(eq(guildIntegrations.guildId, q.guild.id))
    expect(row).toMatchObject({ disabledReason: 'rejected', disabledStatus: 401 })
  })
})

describe('the outbox and the transaction', () => {
  it('a receiver that does not answer holds up no queue action: the delivery times out and is retried', async () => {
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    receiver.answer({ status: 204, delayMs: 10_000 })
    const from = receiver.requests.length
    let drained = false
    const sending = drain().then(() => {
      drained = true
    })
    await receiver.waitFor(from + 1)
    // While the delivery hangs, the queue keeps working: the action is answered before the delivery ends.
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    expect(drained).toBe(false)
    await sending
    const [first, second] = await outboxOf(ctx, q.guild.id)
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'timeout' })
    expect(second).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('a rolled-back action enqueues nothing and sends nothing', async () => {
    const q = await announcingQueue()
    const before = await databaseSnapshot(ctx.database)
    const from = receiver.requests.length
    const { result: res, fired } = await withFault(
      ctx.database,
      { table: 'audit_logs', on: 'INSERT', when: 'commit', guildId: q.guild.id },
      () => q.admin.request('POST', `/api/v1/queue-entries/${q.entryOf('Ana').id}/received`, { note: 'x' }),
    )
    expect(fired).toBe(1)
    expect(res.status).toBe(500)
    expect(await databaseSnapshot(ctx.database)).toEqual(before)
    expect(await drain()).toBe(0)
    expect(since(from)).toEqual([])
  })

  it('undo before sending: the announcement is dropped and nothing is sent', async () => {
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.admin, 'POST', `/items/${q.item.id}/queue/undo`)
    const from = receiver.requests.length
    await drain()
    expect(since(from)).toEqual([])
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.status)).toEqual(['cancelled'])
  })

  it('undo after sending: a correction follows', async () => {
    const q = await announcingQueue()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { note: 'Roll 97' })
    await drain()
    const from = receiver.requests.length
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    await drain()
    const [correction] = since(from).map((r) => embedOf(r.body))
    expect(correction).toMatchObject({
      title: 'Undone: Ana received Espada Lendária',
      description: 'This action was undone; the queue is back to how it was before it.',
      color: 0x64748b,
    })
    expect(fieldValue(correction!, 'Note')).toBe('Roll 97')
    expect(fieldValue(correction!, 'By')).toBe(q.member.user.name)
    // Where the award put Ana, and who was next after it, are no longer true: the correction leaves them out.
    expect(fieldValue(correction!, 'Position now')).toBeUndefined()
    expect(fieldValue(correction!, 'Next in line')).toBeUndefined()
  })

  it('an undo of an action that was not announced sends nothing', async () => {
    const q = await announcingQueue({ events: ['awards'] })
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await drain()
    await call(q.admin, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`)
    await call(q.admin, 'POST', `/items/${q.item.id}/queue/undo`)
    expect((await outboxOf(ctx, q.guild.id)).map((m) => m.status)).toEqual(['sent'])
  })

  it('queue announcements need Pro: a lapsed guild announces no queue action, but its subscription changes', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await setDiscord(admin)
    await ctx.database.db
      .update(guildIntegrations)
      .set({ events: ['awards', 'subscription'] })
      .where(eq(guildIntegrations.guildId, guild.id))
    // Trial over: no Pro.
    ctx.setNow(new Date(Date.now() + 5 * 86_400_000))
    const item = await buildItem(ctx, guild.id)
    await buildPlayer(ctx, guild.id, { name: 'Eva' })
    const view = await call<{ queue: { entries: { id: string }[] } }>(
      admin,
      'POST',
      `/items/${item.id}/queue/add-all`,
    )
    await call(admin, 'POST', `/queue-entries/${view.queue.entries[0]!.id}/received`)
    expect(await outboxOf(ctx, guild.id)).toEqual([])
    // Paying in the sandbox: the new state is announced.
    const checkout = await (
      await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' })
    ).json()
    const id = checkout.url.split('/').pop()
    expect((await admin.request('POST', `/api/v1/billing/sandbox/sessions/${id}/pay`)).status).toBe(200)
    const from = receiver.requests.length
    await drain()
    const embed = embedOf(since(from)[0]!.body)
    expect(embed.title).toBe('Guild subscription: trial → active')
    expect(fieldValue(embed, 'By')).toBe('System')
  })
})

describe('the signed webhook', () => {
  it('posts the announcement as signed JSON: the HMAC of time and body with the guild secret', async () => {
    const q = await buildQueue(ctx)
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin', name: 'Officer' })
    await setWebhook(admin, `${receiver.url}/bot/hook`, { events: ['awards'], language: 'pt' })
    const from = receiver.requests.length
    await call(admin, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { note: 'Vitória' })
    await drain()
    const [request] = since(from)
    expect(request!.path).toBe('/bot/hook')
    const [message] = await outboxOf(ctx, q.guild.id)
    expect(request!.headers['x-lootqueue-delivery']).toBe(message!.id)
    expect(request!.headers['x-lootqueue-event']).toBe('awards')
    const signature = String(request!.headers['x-lootqueue-signature'])
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)
    expect(match).not.toBeNull()
    const expected = createHmac('sha256', WEBHOOK_SECRET)
      .update(`${match![1]}.${request!.body}`)
      .digest('hex')
    expect(match![2]).toBe(expected)
    const delivery = WebhookDeliverySchema.parse(JSON.parse(request!.body))
    expect(delivery).toMatchObject({
      id: message!.id,
      event: 'awards',
      text: 'Ana recebeu Espada Lendária',
      announcement: {
        type: 'item_received',
        undone: false,
        item: { name: 'Espada Lendária', rarity: 'legendary' },
        player: { name: 'Ana' },
        previousPosition: 1,
        newPosition: 4,
        note: 'Vitória',
        actor: 'Officer',
      },
    })
  })
})
