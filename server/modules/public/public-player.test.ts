import { describe, expect, it } from 'vitest'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { GuildEvent } from '../../platform/realtime'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { publicClient } from './public.test-support'

// Issue 17: a player's public page. Same gate as the public view; public items only; active players only.

const ctx = await fileTestContext()

type View = { entries: { id: string; playerName: string }[] }

async function ok(actor: Actor, method: string, path: string, body?: unknown) {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300)
  return text ? JSON.parse(text) : null
}

/**
 * A raid night, a minute between actions: three items (one hidden), four players in each queue, receipts,
 * an absence, a penalty, a "not interested", a manual order and an undo.
 */
async function raidNight() {
  const start = Date.now() - 3_600_000
  let minute = 0
  const tick = () => ctx.setNow(new Date(start + ++minute * 60_000))
  tick()
  const { guild, admin } = await buildGuild(ctx)
  const players: Record<string, string> = {}
  for (const name of ['Ana', 'Bruno', 'Caio', 'Duda'])
    players[name] = (await buildPlayer(ctx, guild.id, { name })).id
  const sword = await buildItem(ctx, guild.id, { name: 'Espada', rarity: 'legendary' })
  const shield = await buildItem(ctx, guild.id, { name: 'Escudo', rarity: 'rare' })
  const cape = await buildItem(ctx, guild.id, { name: 'Capa Secreta', isPublicVisible: false })
  const entry = (view: View, name: string) => view.entries.find((e) => e.playerName === name)!.id
  const act = async (path: string, body?: unknown) => {
    tick()
    return ok(admin, 'POST', path, body)
  }
  // A write answers what it changed (contract/queues.ts): the entries are read from the queue itself.
  const queueOf = (itemId: string): Promise<View> => ok(admin, 'GET', `/items/${itemId}/queue`)
  for (const item of [sword, shield, cape]) await act(`/items/${item.id}/queue/add-all`)
  await act(`/queue-entries/${entry(await queueOf(sword.id), 'Ana')}/received`)
  await act(`/queue-entries/${entry(await queueOf(sword.id), 'Bruno')}/absent`)
  await act(`/queue-entries/${entry(await queueOf(shield.id), 'Ana')}/penalty`, {
    days: 3,
    note: 'Faltou ao raide',
  })
  await act(`/queue-entries/${entry(await queueOf(shield.id), 'Bruno')}/not-interested`)
  await act(`/queue-entries/${entry(await queueOf(cape.id), 'Ana')}/received`)
  // Espada is now Caio, Duda, Ana (received), Bruno (absent); the manual order swaps the first two.
  tick()
  const swordView = await queueOf(sword.id)
  const ids = swordView.entries.map((e) => e.id)
  await ok(admin, 'PUT', `/items/${sword.id}/queue/order`, { entryIds: [ids[1], ids[0], ids[2], ids[3]] })
  // Takes back Bruno's "not interested" on Escudo.
  await act(`/items/${shield.id}/queue/undo`)
  const penaltyAt = new Date(start + 7 * 60_000)
  ctx.setNow(null as unknown as Date)
  const client = publicClient(ctx)
  const { cookie } = await client.enter(guild.slug, 'raid-night')
  const page = (playerId: string, slug = guild.slug, withCookie = cookie) =>
    client.call('GET', `${slug}/players/${playerId}`, { cookie: withCookie })
  return { guild, admin, players, sword, shield, cape, cookie, client, page, penaltyAt }
}

const placeIn = (standing: PlayerStanding, itemName: string) =>
  standing.queues.find((q) => q.itemName === itemName)

describe('GET /public/guilds/:slug/players/:id', () => {
  it("shows the player's place, status and pending players ahead in every public queue", async () => {
    const night = await raidNight()
    const res = await night.page(night.players.Ana!)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const ana = (await res.json()) as PlayerStanding
    expect(ana.player).toEqual({ id: night.players.Ana, name: 'Ana', playerStatus: 'active' })
    expect(ana.queues.map((q) => q.itemName)).toEqual(['Escudo', 'Espada'])
    expect(placeIn(ana, 'Espada')).toMatchObject({
      position: 3,
      queueLength: 4,
      pendingAhead: 2,
      isNext: false,
      attendanceStatus: 'received',
      timesReceived: 1,
      isPenalized: false,
    })
    expect(placeIn(ana, 'Escudo')).toMatchObject({
      position: 4,
      pendingAhead: 3,
      attendanceStatus: 'pending',
      isPenalized: true,
      penaltyNote: 'Faltou ao raide',
    })
    const duda = (await (await night.page(night.players.Duda!)).json()) as PlayerStanding
    expect(placeIn(duda, 'Espada')).toMatchObject({ position: 1, pendingAhead: 0, isNext: true })
    const caio = (await (await night.page(night.players.Caio!)).json()) as PlayerStanding
    expect(placeIn(caio, 'Espada')).toMatchObject({ position: 2, pendingAhead: 1, isNext: false })
  })

  it('lists what they received and their moves with the reason, newest first, never a hidden item', async () => {
    const night = await raidNight()
    const res = await night.page(night.players.Ana!)
    const text = await res.text()
    expect(text).not.toContain('Capa Secreta')
    const ana = JSON.parse(text) as PlayerStanding
    expect(ana.received.map((r) => r.itemName)).toEqual(['Espada'])
    expect(ana.receivedTotal).toBe(1)
    // Their dates are the reader's: the page says so against the guild's clock (docs/product-rules.md).
    expect(ana.timeZone).toBe('America/Sao_Paulo')
    expect(ana.moves.map((m) => [m.kind, m.itemName])).toEqual([
      ['undone', 'Escudo'],
      ['reordered', 'Espada'],
      ['penalized', 'Escudo'],
      ['received', 'Espada'],
      ['added', 'Escudo'],
      ['added', 'Espada'],
    ])
    // Bruno's "not interested" was taken back: the undo moved Ana too, and her page says whose it was.
    expect(ana.moves[0]).toMatchObject({ undid: 'notInterested', undidFor: 'Bruno' })
    const bruno = (await (await night.page(night.players.Bruno!)).json()) as PlayerStanding
    expect(bruno.moves.find((m) => m.kind === 'undone')).toMatchObject({
      undid: 'notInterested',
      undidFor: null,
    })
    const penalty = ana.moves[2]!
    expect(penalty.note).toBe('Faltou ao raide')
    expect(penalty.until).toBe(new Date(night.penaltyAt.getTime() + 3 * 86_400_000).toISOString())
  })

  it('is a 404 for another guild’s player, an inactive player and an unknown id; the gate comes first', async () => {
    const night = await raidNight()
    const other = await buildGuild(ctx)
    const stranger = await buildPlayer(ctx, other.guild.id, { name: 'Estranho' })
    const away = await buildPlayer(ctx, night.guild.id, { name: 'Ausente', playerStatus: 'inactive' })
    for (const id of [stranger.id, away.id, '00000000-0000-4000-8000-000000000000']) {
      await expectError(await night.page(id), 404, 'NOT_FOUND')
    }
    // An id that is no player id (a link cut short) names no player either: 404, not 400 VALIDATION_FAILED,
    // which the page showed as "Verifique os campos destacados." with a retry (an outside test, 2026-12-06).
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000']) {
      await expectError(await night.page(id), 404, 'NOT_FOUND')
    }
    const noCookieMalformed = await night.client.call('GET', `${night.guild.slug}/players/not-a-uuid`)
    expect(noCookieMalformed.status).toBe(401)
    // A cookie of this guild opens no other guild's page, even for that guild's own player.
    await expectError(await night.page(stranger.id, other.guild.slug), 401, 'PUBLIC_ACCESS_REQUIRED')
    const noCookie = await night.client.call('GET', `${night.guild.slug}/players/${night.players.Ana}`)
    expect(noCookie.status).toBe(401)
    expect((await night.page(night.players.Ana!, 'NOT-A-SLUG')).status).toBe(404)
  })

  it('every name of a public queue links to a page that opens', async () => {
    const night = await raidNight()
    const res = await night.client.call('GET', `${night.guild.slug}/items/${night.sword.id}/queue`, {
      cookie: night.cookie,
    })
    const queue = await res.json()
    expect(queue.entries).toHaveLength(4)
    expect(queue.lastRecipient.playerId).toBe(night.players.Ana)
    for (const e of queue.entries as { playerId: string; playerName: string }[]) {
      const page = await night.page(e.playerId)
      expect(page.status).toBe(200)
      expect((await page.json()).player.name).toBe(e.playerName)
    }
  })

  it('follows an award: the queues event goes out and the next read shows the new place', async () => {
    const night = await raidNight()
    const events: GuildEvent[] = []
    const stop = ctx.deps.realtime.subscribe(night.guild.id, (e) => events.push(e))
    // Listening before the write, so its event cannot pass before the LISTEN.
    await ctx.deps.realtime.start()
    const before = (await (await night.page(night.players.Ana!)).json()) as PlayerStanding
    expect(placeIn(before, 'Espada')!.pendingAhead).toBe(2)
    const view: View = await ok(night.admin, 'GET', `/items/${night.sword.id}/queue`)
    await ok(night.admin, 'POST', `/queue-entries/${view.entries[0]!.id}/received`)
    await expect
      .poll(() => events.some((e) => e.topic === 'queues' && e.itemId === night.sword.id))
      .toBe(true)
    stop()
    const after = (await (await night.page(night.players.Ana!)).json()) as PlayerStanding
    expect(placeIn(after, 'Espada')).toMatchObject({ position: 2, pendingAhead: 1 })
  })
})

describe('GET /players/:id/standing (dashboard)', () => {
  it('gives members the same page with hidden items, and inactive players too', async () => {
    const night = await raidNight()
    const member = await buildMember(ctx, { guildId: night.guild.id })
    const ana = (await ok(member, 'GET', `/players/${night.players.Ana}/standing`)) as PlayerStanding
    expect(ana.queues.map((q) => [q.itemName, q.isPublicVisible])).toEqual([
      ['Capa Secreta', false],
      ['Escudo', true],
      ['Espada', true],
    ])
    expect(ana.received.map((r) => r.itemName)).toEqual(['Capa Secreta', 'Espada'])
    expect(ana.moves.map((m) => m.kind)).toEqual([
      'undone',
      'reordered',
      'received',
      'penalized',
      'received',
      'added',
      'added',
      'added',
    ])
    await ok(member, 'PATCH', `/players/${night.players.Bruno}`, { playerStatus: 'inactive' })
    const bruno = (await ok(member, 'GET', `/players/${night.players.Bruno}/standing`)) as PlayerStanding
    expect(bruno.player.playerStatus).toBe('inactive')
    expect(bruno.queues.length).toBe(3)
    expect(bruno.queues.every((q) => q.position === null && !q.isNext)).toBe(true)
  })

  it("is a 404 for another guild's player and needs a session", async () => {
    const night = await raidNight()
    const other = await buildGuild(ctx)
    const res = await other.admin.request('GET', `/api/v1/players/${night.players.Ana}/standing`)
    expect(res.status).toBe(404)
    const anonymous = await ctx.app.request(`/api/v1/players/${night.players.Ana}/standing`)
    expect(anonymous.status).toBe(401)
  })
})
