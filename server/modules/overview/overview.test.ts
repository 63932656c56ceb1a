import { describe, expect, it, vi } from 'vitest'
import type { Overview } from '../../../contract/overview'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { buildQueue, call } from '../queues/queue.test-support'

const ctx = await fileTestContext()

describe('overview', () => {
  it('is empty for a new guild', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    expect(await call<Overview>(member, 'GET', '/overview')).toEqual({
      itemCount: 0,
      activePlayerCount: 0,
      distributedCount: 0,
      rankFirst: false,
      night: null,
      nextUp: [],
    })
  })

  it('counts items, active players and loot; next up is the first active player who can receive, pending first', async () => {
    const q = await buildQueue(ctx) // Ana, Bruno, Caio, Duda on "Espada Lendária"
    await buildPlayer(ctx, q.guild.id, { name: 'Fora', playerStatus: 'expelled' })
    const empty = await buildItem(ctx, q.guild.id, { name: 'Anel', rarity: null })
    const foreign = await buildQueue(ctx, ['Estranho'])
    await call(foreign.member, 'POST', `/queue-entries/${foreign.entryOf('Estranho').id}/received`)

    // Ana received (moves last), Bruno not interested, Caio penalised: Duda, pending, is next.
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/not-interested`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, { days: 1, note: 'x' })
    let overview = await call<Overview>(q.member, 'GET', '/overview')
    expect(overview.itemCount).toBe(2)
    expect(overview.distributedCount).toBe(1)
    expect(overview.activePlayerCount).toBe(4)
    expect(overview.nextUp).toEqual([
      { itemId: empty.id, itemName: 'Anel', rarity: null, player: null, queueCount: 0 },
      {
        itemId: q.item.id,
        itemName: 'Espada Lendária',
        rarity: 'legendary',
        player: { id: q.entryOf('Duda').playerId, name: 'Duda' },
        queueCount: 4,
      },
    ])

    await call(q.member, 'PATCH', `/players/${q.entryOf('Duda').playerId}`, { playerStatus: 'inactive' })
    overview = await call<Overview>(q.member, 'GET', '/overview')
    expect(overview.activePlayerCount).toBe(3)
    // Duda inactive: nobody is pending; Ana, who received, can receive again (the rotation goes on).
    expect(overview.nextUp[1]).toMatchObject({ player: { name: 'Ana' }, queueCount: 3 })
    // Ana not interested too: nobody can receive now, yet the queue is not empty.
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/not-interested`)
    overview = await call<Overview>(q.member, 'GET', '/overview')
    expect(overview.nextUp[1]).toMatchObject({ player: null, queueCount: 3 })

    // Once the penalty lapses, Caio is next again.
    ctx.setNow(new Date(Date.now() + 86_400_000 + 60_000))
    try {
      overview = await call<Overview>(q.member, 'GET', '/overview')
      expect(overview.nextUp[1]!.player?.name).toBe('Caio')
    } finally {
      ctx.setNow(null as unknown as Date)
    }
  })

  it('answers every item of a large guild with a fixed number of statements (not one per item)', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const select = vi.spyOn(ctx.deps.database.db, 'select')
    const statementsFor = async () => {
      select.mockClear()
      const overview = await call<Overview>(member, 'GET', '/overview')
      return { overview, statements: select.mock.calls.length }
    }
    // Items added through the API, as a guild adds them: each one's event drops the cached overview (a row
    // written behind the app's back would not, docs/decisions/009-cached-reads.md). The member's session is
    // known by then (a first read), so only the overview's own statements are counted.
    const addItem = (i: number) =>
      call(member, 'POST', '/items', { name: `Item ${String(i).padStart(2, '0')}` }, 201)
    await call(member, 'GET', '/overview')
    await addItem(0)
    const small = await statementsFor()
    for (let i = 1; i < 60; i++) await addItem(i)
    const large = await statementsFor()
    expect(small.statements).toBeGreaterThan(0)
    expect(large.statements).toBe(small.statements)
    expect(large.overview.nextUp.map((n) => n.itemName)).toEqual(
      Array.from({ length: 60 }, (_, i) => `Item ${String(i).padStart(2, '0')}`),
    )
  })

  it('needs a member of a guild', async () => {
    expect((await ctx.app.request('/api/v1/overview')).status).toBe(401)
  })
})
