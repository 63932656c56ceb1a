import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { accessLogs, guilds } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { readSse } from '../live-updates/sse.test-support'
import { ACCESS_TTL_MS } from './public-cookie'
import { addHistory, addQueueEntry, expectNeverSent, publicClient, type Sent } from './public.test-support'

const PASSWORD = 'Sekr3t-Raid-Night-7731'
const DAY = 24 * 60 * 60 * 1000
const BASE = new Date('2030-03-10T12:00:00Z')

/** Every body, every response's headers and every stream's events any public endpoint sent in this file. */
const seen: Sent[] = []

const ctx = await fileTestContext()
ctx.setNow(BASE)
const client = publicClient(ctx, seen)
afterEach(() => ctx.setNow(BASE))

const guildWith = (input: Parameters<typeof buildGuild>[1] = {}) =>
  buildGuild(ctx, { publicAccessPassword: PASSWORD, ...input }).then((r) => r.guild)

async function codeOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error
}

describe('the gate', () => {
  it('answers an unknown slug with 404 GUILD_NOT_FOUND, translated', async () => {
    const res = await client.call('GET', 'no-such-guild')
    expect(res.status).toBe(404)
    expect(await codeOf(res)).toEqual({ code: 'GUILD_NOT_FOUND', message: 'Guild não encontrada.' })
    const post = await client.enter('no-such-guild', PASSWORD, { headers: { 'accept-language': 'en' } })
    expect(post.res.status).toBe(404)
    expect(await codeOf(post.res)).toEqual({ code: 'GUILD_NOT_FOUND', message: 'Guild not found.' })
  })

  it('tells the gate the name and state, never the password', async () => {
    const guild = await guildWith({ name: 'Gate Open' })
    const res = await client.call('GET', guild.slug)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.json()).toEqual({
      name: 'Gate Open',
      slug: 'gate-open',
      blocked: null,
      passwordSet: true,
      hasAccess: false,
    })
  })

  // A failed payment has not ended the subscription: it is said as pending, not as expired (an outside test
  // read "A assinatura desta guild expirou" on a past_due guild's page, 2026-12-06).
  it('blocks canceled and past_due guilds before looking at the password, each saying why', async () => {
    for (const [status, code, message] of [
      [
        'canceled',
        'PUBLIC_SUBSCRIPTION_EXPIRED',
        'A assinatura desta guild terminou (expirou ou foi cancelada). Entre em contato com o administrador da guild para renovar o acesso.',
      ],
      [
        'past_due',
        'PUBLIC_PAYMENT_PENDING',
        'O pagamento da assinatura desta guild está pendente. A página volta assim que o administrador da guild regularizar o pagamento.',
      ],
    ]) {
      const guild = await guildWith({ subscriptionStatus: status })
      const gate = await client.call('GET', guild.slug)
      expect((await gate.json()).blocked, status).toBe(code)
      for (const password of [PASSWORD, 'wrong']) {
        const { res, cookie } = await client.enter(guild.slug, password)
        expect(res.status).toBe(403)
        expect(await codeOf(res), status).toEqual({ code, message })
        expect(cookie).toBeUndefined()
      }
    }
  })

  it('blocks a trial once more than 3 full days have passed, not before', async () => {
    const young = await guildWith({ createdAt: new Date(BASE.getTime() - 4 * DAY + 60_000) })
    expect((await client.enter(young.slug, PASSWORD)).res.status).toBe(200)

    const old = await guildWith({ createdAt: new Date(BASE.getTime() - 4 * DAY) })
    const { res } = await client.enter(old.slug, PASSWORD)
    expect(res.status).toBe(403)
    expect((await codeOf(res)).code).toBe('PUBLIC_TRIAL_EXPIRED')
    expect((await (await client.call('GET', old.slug)).json()).blocked).toBe('PUBLIC_TRIAL_EXPIRED')

    const paying = await guildWith({
      subscriptionStatus: 'active',
      createdAt: new Date(BASE.getTime() - 90 * DAY),
    })
    expect((await client.enter(paying.slug, PASSWORD)).res.status).toBe(200)
  })

  it('refuses a wrong, empty or missing password with 401 and sets no cookie', async () => {
    const guild = await guildWith()
    for (const body of [{ password: 'wrong' }, { password: '' }, {}, { password: ` ${PASSWORD}` }]) {
      const res = await client.call('POST', `${guild.slug}/access`, { body })
      expect(res.status).toBe(401)
      expect(await codeOf(res)).toEqual({ code: 'PUBLIC_WRONG_PASSWORD', message: 'Senha incorreta.' })
      expect(res.headers.get('set-cookie')).toBeNull()
    }
    const bad = await client.call('POST', `${guild.slug}/access`, { body: { password: 42 } })
    expect(bad.status).toBe(400)
  })

  it('lets nobody in when the guild has no public password', async () => {
    const guild = await guildWith({ publicAccessPassword: null })
    expect((await (await client.call('GET', guild.slug)).json()).passwordSet).toBe(false)
    for (const password of ['', 'null', 'undefined']) {
      expect((await client.enter(guild.slug, password)).res.status).toBe(401)
    }
  })

  it('sets a signed, httpOnly, Lax cookie for 12 h scoped to this guild and logs the entry', async () => {
    const guild = await guildWith()
    const { res, cookie } = await client.enter(guild.slug, PASSWORD, { ip: '203.0.113.9' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      ok: true,
      expiresAt: new Date(BASE.getTime() + ACCESS_TTL_MS).toISOString(),
    })
    const header = res.headers.get('set-cookie')!
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Max-Age=43200/)
    expect(header).toContain(`Path=/api/v1/public/guilds/${guild.slug}`)
    expect(header).not.toMatch(/Secure/) // http APP_URL in tests; Secure when https

    const logs = await ctx.database.db.select().from(accessLogs).where(eq(accessLogs.guildId, guild.id))
    expect(logs).toHaveLength(1)
    expect(logs[0]).toEqual({
      id: expect.any(String),
      guildId: guild.id,
      userAgent: 'PublicTest/1.0 (Phone)',
      createdAt: expect.any(Date),
    })
    expect(JSON.stringify(logs)).not.toContain('203.0.113.9')

    const gate = await client.call('GET', guild.slug, { cookie })
    expect((await gate.json()).hasAccess).toBe(true)
  })
})

describe('the public view', () => {
  async function openGuildWithQueue() {
    const guild = await guildWith({ name: `View ${Math.random().toString(36).slice(2, 8)}` })
    await ctx.database.db
      .update(guilds)
      .set({ publicRules: 'Rule one\nRule <b>two</b>' })
      .where(eq(guilds.id, guild.id))
    const sword = await buildItem(ctx, guild.id, { name: 'Sword', rarity: 'legendary', description: 'Sharp' })
    const hidden = await buildItem(ctx, guild.id, { name: 'Secret Helm', isPublicVisible: false })
    const [ana, bob, cid, gone] = await Promise.all(
      ['Ana', 'Bob', 'Cid', 'Gone'].map((name) =>
        buildPlayer(ctx, guild.id, {
          name,
          playerStatus: name === 'Gone' ? 'inactive' : 'active',
          notes: 'private note',
        }),
      ),
    )
    await addQueueEntry(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      playerId: ana!.id,
      position: 1,
      timesReceived: 2,
    })
    await addQueueEntry(ctx, { guildId: guild.id, itemId: sword.id, playerId: gone!.id, position: 2 })
    await addQueueEntry(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      playerId: bob!.id,
      position: 3,
      attendanceStatus: 'absent',
      timesAbsent: 1,
      penaltyUntil: new Date(BASE.getTime() + 2 * DAY),
      penaltyNote: 'Left early',
    })
    await addQueueEntry(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      playerId: cid!.id,
      position: 4,
      attendanceStatus: 'not_interested',
      penaltyUntil: new Date(BASE.getTime() - DAY),
      penaltyNote: 'Old',
    })
    await addQueueEntry(ctx, { guildId: guild.id, itemId: hidden.id, playerId: ana!.id, position: 1 })
    const { cookie } = await client.enter(guild.slug, PASSWORD)
    return { guild, sword, hidden, cookie: cookie!, ana: ana! }
  }

  it('streams real changes as a topic and an item id only', async () => {
    const { guild, sword, cookie } = await openGuildWithQueue()
    const admin = await buildMember(ctx, { guildId: guild.id, role: 'guild_admin' })
    const stream = readSse(await client.call('GET', `${guild.slug}/events`, { cookie }))
    try {
      await stream.waitFor('ready')
      // Writes through the dashboard API: a queue action, an item change, the public rules.
      const queue = await (await admin.request('GET', `/api/v1/items/${sword.id}/queue`)).json()
      const first = queue.entries[0].id
      expect((await admin.request('POST', `/api/v1/queue-entries/${first}/received`)).status).toBe(200)
      const edit = await admin.request('PATCH', `/api/v1/items/${sword.id}`, { description: 'Sharper' })
      expect(edit.status).toBe(200)
      const rules = await admin.request('PUT', '/api/v1/public-rules', { publicRules: 'New rules' })
      expect(rules.status).toBe(200)
      await stream.waitForMessage((m) => m.data.includes('"guild"'), { timeoutMs: 10_000 })
      expect(stream.messages.map((m) => [m.event, JSON.parse(m.data)])).toEqual([
        ['ready', { changedAt: expect.any(Number) }],
        ['change', { topic: 'queues', itemId: sword.id }],
        ['change', { topic: 'history', itemId: sword.id }],
        ['change', { topic: 'items', itemId: sword.id }],
        ['change', { topic: 'guild' }],
      ])
    } finally {
      await stream.close()
    }
  })

  it('needs the access cookie: 401 PUBLIC_ACCESS_REQUIRED without or with a forged one', async () => {
    const { guild, sword, cookie } = await openGuildWithQueue()
    const [name, value] = cookie.split('=') as [string, string]
    const forged = [
      undefined,
      `${name}=`,
      `${name}=${value.slice(0, -2)}${value.endsWith('xx') ? 'yy' : 'xx'}`,
      `${name}=${Number(value.split('.')[0]) + 1000}.${value.split('.')[1]}`,
      `${name}=garbage`,
    ]
    for (const attempt of forged) {
      for (const path of [
        `${guild.slug}/view`,
        `${guild.slug}/items/${sword.id}/queue`,
        `${guild.slug}/events`,
      ]) {
        const res = await client.call('GET', path, { cookie: attempt })
        expect(res.status).toBe(401)
        expect((await codeOf(res)).code).toBe('PUBLIC_ACCESS_REQUIRED')
      }
    }
  })

  it('shows the name, rules as written and only public items with active queue lengths', async () => {
    const { guild, sword, cookie } = await openGuildWithQueue()
    const res = await client.call('GET', `${guild.slug}/view`, { cookie })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual({
      guild: {
        name: guild.name,
        slug: guild.slug,
        publicRules: 'Rule one\nRule <b>two</b>',
        timeZone: 'America/Sao_Paulo',
      },
      items: [
        {
          id: sword.id,
          name: 'Sword',
          description: 'Sharp',
          rarity: 'legendary',
          itemType: null,
          queueCount: 3,
        },
      ],
      tonight: null,
      checkAgainAt: null,
      // The guild shows everything until an admin hides something (public-visibility.test.ts).
      visibility: {
        showNotes: true,
        showCounters: true,
        queueMode: 'full',
        queueFirst: 10,
        showAttendance: true,
      },
    })
    expect(JSON.stringify(body)).not.toContain('Secret Helm')
  })

  it('shows a queue by position, active players only, with penalties and the last recipient', async () => {
    const { guild, sword, cookie, ana } = await openGuildWithQueue()
    const first = await client.call('GET', `${guild.slug}/items/${sword.id}/queue`, { cookie })
    expect((await first.json()).lastRecipient).toBeNull()

    await addHistory(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      itemName: 'Sword',
      playerName: 'Zed',
      at: new Date(BASE.getTime() - 2 * DAY),
    })
    await addHistory(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      itemName: 'Sword',
      playerName: 'Ana',
      at: new Date(BASE.getTime() - DAY),
      note: 'Won the roll',
    })
    // The rows went in behind the app's back; a receipt that writes them publishes this after its commit.
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'history', itemId: sword.id })
    const res = await client.call('GET', `${guild.slug}/items/${sword.id}/queue`, { cookie })
    const body = await res.json()
    expect(body.lastRecipient).toEqual({
      // Seeded without the player's id, as the history of a player deleted since.
      playerId: null,
      playerName: 'Ana',
      distributedAt: new Date(BASE.getTime() - DAY).toISOString(),
      note: 'Won the roll',
    })
    expect(
      body.entries.map((e: { playerName: string; position: number }) => [e.position, e.playerName]),
    ).toEqual([
      [1, 'Ana'],
      [2, 'Bob'],
      [3, 'Cid'],
    ])
    // Exactly these fields: no entry id (contract/public.ts) and no player notes.
    expect(body.entries[0]).toEqual({
      position: 1,
      playerId: ana.id,
      playerName: 'Ana',
      attendanceStatus: 'pending',
      timesReceived: 2,
      timesAbsent: 0,
      penaltyUntil: null,
      penaltyNote: null,
      isPenalized: false,
      rankLevel: null,
      belowMinimumRank: false,
      lastNote: null,
      rankName: null,
    })
    expect(body.entries[1]).toMatchObject({
      attendanceStatus: 'absent',
      timesAbsent: 1,
      isPenalized: true,
      penaltyNote: 'Left early',
    })
    expect(body.entries[2]).toMatchObject({ attendanceStatus: 'not_interested', isPenalized: false })
    expect(JSON.stringify(body)).not.toMatch(/Gone|private note/)
  })

  // An outside test (2026-12-07): after a rename the header said "Last received by Harrowgate" above a queue
  // listing "Harrowvane · Received", two names for one player, each linking to the same page.
  it("names the last recipient as the player is named now, the history's name for a deleted one", async () => {
    const { guild, sword, cookie, ana } = await openGuildWithQueue()
    await addHistory(ctx, {
      guildId: guild.id,
      itemId: sword.id,
      itemName: 'Sword',
      playerName: 'Anabel',
      playerId: ana.id,
      at: new Date(BASE.getTime() - DAY),
    })
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'history', itemId: sword.id })
    const res = await client.call('GET', `${guild.slug}/items/${sword.id}/queue`, { cookie })
    const body = await res.json()
    expect(body.lastRecipient).toMatchObject({ playerId: ana.id, playerName: 'Ana' })
    expect(body.entries[0]).toMatchObject({ playerId: ana.id, playerName: 'Ana' })
  })

  it("answers a hidden item, another guild's item or an unknown id with 404", async () => {
    const { guild, hidden, cookie } = await openGuildWithQueue()
    const other = await guildWith()
    const foreign = await buildItem(ctx, other.id, { name: 'Foreign Axe' })
    for (const id of [hidden.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await client.call('GET', `${guild.slug}/items/${id}/queue`, { cookie })
      expect(res.status).toBe(404)
      expect(await res.text()).not.toMatch(/Secret Helm|Foreign Axe/)
    }
    // An id that is no item id names no item either: 404, as a player's page answers (not 400: there is no
    // field a visitor could correct); without the cookie, the gate still comes first.
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000']) {
      const res = await client.call('GET', `${guild.slug}/items/${id}/queue`, { cookie })
      expect(res.status).toBe(404)
      expect((await codeOf(res)).code).toBe('NOT_FOUND')
    }
    expect((await client.call('GET', `${guild.slug}/items/not-a-uuid/queue`)).status).toBe(401)
  })

  it("does not let guild A's cookie open guild B, even under B's cookie name", async () => {
    const a = await openGuildWithQueue()
    const b = await openGuildWithQueue()
    const bName = b.cookie.split('=')[0]
    const aValue = a.cookie.split('=')[1]
    for (const cookie of [a.cookie, `${bName}=${aValue}`]) {
      const res = await client.call('GET', `${b.guild.slug}/view`, { cookie })
      expect(res.status).toBe(401)
      expect((await client.call('GET', b.guild.slug, { cookie }).then((r) => r.json())).hasAccess).toBe(false)
    }
    expect((await client.call('GET', `${b.guild.slug}/view`, { cookie: b.cookie })).status).toBe(200)
  })

  it('ends old cookies when the guild password changes', async () => {
    const { guild, cookie } = await openGuildWithQueue()
    await ctx.database.db
      .update(guilds)
      .set({ publicAccessPassword: 'a-new-one' })
      .where(eq(guilds.id, guild.id))
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(401)
    const again = await client.enter(guild.slug, 'a-new-one')
    expect((await client.call('GET', `${guild.slug}/view`, { cookie: again.cookie })).status).toBe(200)
    await ctx.database.db
      .update(guilds)
      .set({ publicAccessPassword: PASSWORD })
      .where(eq(guilds.id, guild.id))
  })

  it('ends a cookie after 12 hours', async () => {
    const { guild, cookie } = await openGuildWithQueue()
    ctx.setNow(new Date(BASE.getTime() + ACCESS_TTL_MS - 1000))
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(200)
    ctx.setNow(new Date(BASE.getTime() + ACCESS_TTL_MS))
    expect((await client.call('GET', `${guild.slug}/view`, { cookie })).status).toBe(401)
  })

  it('keeps a blocked guild blocked even for a browser holding a cookie', async () => {
    const { guild, sword, cookie } = await openGuildWithQueue()
    await ctx.database.db
      .update(guilds)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(guilds.id, guild.id))
    for (const path of [
      `${guild.slug}/view`,
      `${guild.slug}/items/${sword.id}/queue`,
      `${guild.slug}/events`,
    ]) {
      const res = await client.call('GET', path, { cookie })
      expect(res.status).toBe(403)
      expect((await codeOf(res)).code).toBe('PUBLIC_SUBSCRIPTION_EXPIRED')
    }
    expect((await client.call('GET', guild.slug, { cookie }).then((r) => r.json())).hasAccess).toBe(false)
  })
})

// Last in the file (tests run in order): it reads what every test above was sent.
describe('the password sweep', () => {
  it('no answer of this file carried the password: no body, no header, no stream event', () => {
    expect(seen.length).toBeGreaterThan(50)
    expectNeverSent(seen, PASSWORD)
  })
})
