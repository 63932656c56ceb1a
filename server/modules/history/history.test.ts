import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items, players } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer, anonymous } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { seedAudit, seedLoot } from './history.test-support'

const ctx = await fileTestContext()

const DAY = 24 * 3600 * 1000
const ENDPOINTS = [
  '/api/v1/history/stats',
  '/api/v1/history/loot',
  '/api/v1/history/activity',
  '/api/v1/history/loot.csv',
  '/api/v1/history/activity.csv',
]

const getJson = async (actor: { request: (m: string, p: string) => Promise<Response> }, path: string) => {
  const res = await actor.request('GET', path)
  expect(res.status, path).toBe(200)
  return res.json()
}

describe('history gating', () => {
  it('needs a session, a guild, and an active subscription or live trial', async () => {
    const noGuild = await buildMember(ctx, { guildId: null })
    const expired = await buildGuild(ctx, { createdAt: new Date(Date.now() - 4 * DAY) })
    const canceled = await buildGuild(ctx, { subscriptionStatus: 'canceled' })
    const pastDue = await buildGuild(ctx, { subscriptionStatus: 'past_due' })
    for (const path of ENDPOINTS) {
      expect((await anonymous(ctx)('GET', path)).status).toBe(401)
      await expectError(await noGuild.request('GET', path), 403, 'NO_GUILD')
      for (const { admin } of [expired, canceled, pastDue]) {
        await expectError(await admin.request('GET', path), 402, 'SUBSCRIPTION_REQUIRED', path)
      }
    }
  })

  it('opens for a live trial and for an active subscription', async () => {
    const trial = await buildGuild(ctx, { createdAt: new Date(Date.now() - 2 * DAY) })
    const active = await buildGuild(ctx, {
      subscriptionStatus: 'active',
      createdAt: new Date(Date.now() - 90 * DAY),
    })
    for (const { admin } of [trial, active]) {
      for (const path of ENDPOINTS) expect((await admin.request('GET', path)).status, path).toBe(200)
    }
  })

  it('keeps the export for admins: a member reads the history but cannot download it', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    expect((await member.request('GET', '/api/v1/history/loot')).status).toBe(200)
    for (const path of ENDPOINTS.filter((p) => p.endsWith('.csv'))) {
      await expectError(await member.request('GET', path), 403, 'FORBIDDEN')
    }
  })

  it('rejects bad parameters with 400 VALIDATION_FAILED', async () => {
    const { admin } = await buildGuild(ctx)
    for (const query of ['page=0', 'page=abc', 'page=1.5', 'rarity=mythic', `search=${'x'.repeat(101)}`]) {
      await expectError(
        await admin.request('GET', `/api/v1/history/loot?${query}`),
        400,
        'VALIDATION_FAILED',
        query,
      )
    }
    const tz = await admin.request('GET', '/api/v1/history/stats?tz=Mars%2FOlympus')
    expect(tz.status).toBe(400)
  })

  it('refuses a parameter a history route does not take, on every route, naming it', async () => {
    const { admin } = await buildGuild(ctx)
    for (const path of ENDPOINTS) {
      for (const [query, fields] of [
        ['pageSize=abc', { pageSize: 'unknownField' }],
        ['from=2026-13-45&to=abc', { from: 'unknownField', to: 'unknownField' }],
      ] as const) {
        const refused = await expectError(
          await admin.request('GET', `${path}?${query}`),
          400,
          'VALIDATION_FAILED',
          `${path}?${query}`,
        )
        expect(refused.error.fields).toEqual(fields)
      }
    }
  })
})

describe('history API document', () => {
  it('lists every history route', async () => {
    const doc = await (await ctx.app.request('/api/v1/openapi.json')).json()
    for (const path of ENDPOINTS) expect(Object.keys(doc.paths)).toContain(path.replace('/api/v1', ''))
  })
})

describe('distribution history', () => {
  it('shows only the caller guild rows: another guild sees none of them', async () => {
    const a = await buildGuild(ctx)
    const b = await buildGuild(ctx)
    await seedLoot(ctx, a.guild.id, [{ itemName: 'Secret Blade' }])
    await seedAudit(ctx, a.guild.id, [{ description: 'Secret action' }])
    expect((await getJson(b.admin, '/api/v1/history/loot')).total).toBe(0)
    expect((await getJson(b.admin, '/api/v1/history/activity')).total).toBe(0)
    expect((await getJson(b.admin, '/api/v1/history/stats')).totalDistributed).toBe(0)
    expect((await getJson(b.admin, '/api/v1/history/loot?search=Secret')).rows).toEqual([])
    expect((await getJson(a.admin, '/api/v1/history/loot')).rows[0].itemName).toBe('Secret Blade')
  })

  it('pages 20 at a time, newest first, without overlap even when dates tie', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const tie = new Date(Date.UTC(2024, 0, 1) + 27.5 * DAY)
    await seedLoot(
      ctx,
      guild.id,
      Array.from({ length: 45 }, (_, i) => ({
        itemName: `Loot ${i}`,
        // Ten rows share one instant and sit 18th to 27th: across the boundary of pages 1 and 2.
        distributedAt: i >= 15 && i < 25 ? tie : new Date(Date.UTC(2024, 0, 1) + i * DAY),
      })),
    )
    const pages = []
    for (const page of [1, 2, 3, 4]) pages.push(await getJson(admin, `/api/v1/history/loot?page=${page}`))
    expect(pages.map((p) => p.rows.length)).toEqual([20, 20, 5, 0])
    expect(pages.every((p) => p.total === 45 && p.pageSize === 20)).toBe(true)
    const ids = pages.flatMap((p) => p.rows.map((r: { id: string }) => r.id))
    expect(new Set(ids).size).toBe(45)
    const dates = pages.flatMap((p) => p.rows.map((r: { distributedAt: string }) => r.distributedAt))
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(pages[0].rows[0].itemName).toBe('Loot 44')
  })

  it('searches item or player names case-insensitively and filters by rarity, across pages', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [
      ...Array.from({ length: 25 }, (_, i) => ({
        itemName: `Espada Flamejante ${i}`,
        playerName: 'Thrall',
        itemRarity: i % 5 === 0 ? ('legendary' as const) : ('epic' as const),
      })),
      { itemName: 'Escudo', playerName: 'Jaina Proudmoore', itemRarity: 'rare' },
      { itemName: 'Cajado', playerName: 'Sylvanas', itemRarity: 'legendary' },
      { itemName: '100% Dano', playerName: 'Anduin', itemRarity: null },
      { itemName: 'Coroa', playerName: 'João Ávila', itemRarity: 'common' },
      { itemName: 'Arco [+1] (raro) \\ ^$', playerName: 'Legolas', itemRarity: 'common' },
      { itemName: 'Ωμέγα', playerName: 'Привет', itemRarity: 'common' },
    ])
    const first = await getJson(admin, '/api/v1/history/loot?search=ESPADA')
    expect(first.total).toBe(25)
    expect(first.rows).toHaveLength(20)
    const second = await getJson(admin, '/api/v1/history/loot?search=espada&page=2')
    expect(second.rows).toHaveLength(5)
    expect(second.total).toBe(25)
    expect(second.rows.every((r: { itemName: string }) => r.itemName.startsWith('Espada'))).toBe(true)
    // A filtered page counts its matches in its own statement; past the last page there is no row to carry
    // the count, and the total is still the filter's.
    const past = await getJson(admin, '/api/v1/history/loot?search=espada&page=3')
    expect(past.rows).toEqual([])
    expect(past.total).toBe(25)
    expect((await getJson(admin, '/api/v1/history/loot?search=nobody')).total).toBe(0)

    const byPlayer = await getJson(admin, '/api/v1/history/loot?search=%20proudMOORE%20')
    expect(byPlayer.rows.map((r: { itemName: string }) => r.itemName)).toEqual(['Escudo'])

    const legendary = await getJson(admin, '/api/v1/history/loot?rarity=legendary')
    expect(legendary.total).toBe(6)
    const both = await getJson(admin, '/api/v1/history/loot?rarity=legendary&search=thrall')
    expect(both.total).toBe(5)
    expect((await getJson(admin, '/api/v1/history/loot?rarity=all')).total).toBe(31)
    // Accents and case are ignored, whatever the database locale.
    for (const search of ['JOÃO ÁV', 'joao av', 'JOAO AVILA', 'joão ávila']) {
      const found = await getJson(admin, `/api/v1/history/loot?search=${encodeURIComponent(search)}`)
      expect(
        found.rows.map((r: { itemName: string }) => r.itemName),
        search,
      ).toEqual(['Coroa'])
    }

    // What the user types is plain text, never a wildcard or a pattern operator.
    const count = async (q: string) =>
      (await getJson(admin, `/api/v1/history/loot?search=${encodeURIComponent(q)}`)).total
    expect(await count('100%')).toBe(1)
    expect(await count('_')).toBe(0)
    expect(await count('[+1] (RARO) \\ ^$')).toBe(1)
    for (const q of ['.*', '(x', '[z', '\\d', 'a|b', '^Coroa', 'x{2,}']) expect(await count(q), q).toBe(0)
    // Folding happens before escaping: the full-width ％ folds to a plain %, still a literal.
    expect(await count('100％')).toBe(1)
    expect(await count('％_')).toBe(0)
    // Other scripts ignore case and accents too.
    for (const q of ['ΩΜΕΓΑ', 'ωμεγα', 'привет', 'ПРИВЕТ']) expect(await count(q), q).toBe(1)
  })

  it('keeps the names of deleted items and players, and names who distributed', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Guild Deleted Names' })
    const item = await buildItem(ctx, guild.id, { name: 'Machado Rúnico', rarity: 'epic' })
    const player = await buildPlayer(ctx, guild.id, { name: 'Gárrosh' })
    await seedLoot(ctx, guild.id, [
      {
        itemId: item.id,
        playerId: player.id,
        itemName: item.name,
        playerName: player.name,
        itemRarity: 'epic',
        distributedBy: admin.user.id,
        previousQueuePosition: 3,
      },
      { itemName: 'Anel', previousQueuePosition: null },
    ])
    await ctx.database.db.delete(items).where(eq(items.id, item.id))
    await ctx.database.db.delete(players).where(eq(players.id, player.id))
    const { rows } = await getJson(admin, '/api/v1/history/loot')
    const kept = rows.find((r: { itemName: string }) => r.itemName === 'Machado Rúnico')
    expect(kept).toMatchObject({
      itemId: null,
      playerId: null,
      playerName: 'Gárrosh',
      itemRarity: 'epic',
      previousQueuePosition: 3,
      distributedByName: admin.user.name,
    })
    expect(rows.find((r: { itemName: string }) => r.itemName === 'Anel').previousQueuePosition).toBeNull()
  })
})
