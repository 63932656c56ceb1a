import { afterEach, describe, expect, it } from 'vitest'
import { tonightPlaces } from '../../../contract/next-in-line'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { PublicQueue, PublicView } from '../../../contract/public'
import type { QueueView } from '../../../contract/queues'
import { DEFAULT_PUBLIC_VISIBILITY } from '../../../contract/public-visibility'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { api, DURING_NIGHT, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'
import { createRanks } from '../ranks/ranks.test-support'
import { publicClient } from './public.test-support'

// An outside tester's no-show player read "Posição 1 … Nenhum jogador pendente à frente" on his public page
// while the public queue said "Fora hoje": during a night, a player's page says what the queues say, each
// place among who is here ("#3 tonight") or away, from the same cached view (docs/decisions/016-raid-nights.md).

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

const NAMES = ['Ana', 'Bruno', 'Caio', 'Duda'] as const

/** Four players in two public queues (Espada, Escudo) during a night, Ana a no-show and Bruno on the bench. */
async function nightWithAbsentees() {
  ctx.setNow(DURING_NIGHT)
  const { guild, admin } = await buildGuild(ctx, { createdAt: new Date(DURING_NIGHT.getTime() - 60_000) })
  const ids: Record<string, string> = {}
  for (const name of NAMES) ids[name] = (await buildPlayer(ctx, guild.id, { name })).id
  const sword = await buildItem(ctx, guild.id, { name: 'Espada' })
  const shield = await buildItem(ctx, guild.id, { name: 'Escudo' })
  for (const item of [sword, shield]) await api(admin, 'POST', `/items/${item.id}/queue/add-all`)
  const night = await scheduleNight(admin)
  await markPlayers(admin, night.id, { [ids.Ana!]: 'no_show', [ids.Bruno!]: 'bench', [ids.Caio!]: 'late' })
  const client = publicClient(ctx)
  const { cookie } = await client.enter(guild.slug, 'raid-night')
  const read = async <T>(path: string): Promise<T> => {
    const res = await client.call('GET', `${guild.slug}${path}`, { cookie })
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  const page = (name: string) => read<PlayerStanding>(`/players/${ids[name]}`)
  return { guild, admin, ids, sword, shield, night, read, page }
}

const placeIn = (standing: PlayerStanding, itemName: string) =>
  standing.queues.find((q) => q.itemName === itemName)!

describe('a public player page during a raid night', () => {
  it('says the place among who is here, or away, and counts only who is here ahead', async () => {
    const g = await nightWithAbsentees()
    const queue = await g.read<PublicQueue>(`/items/${g.sword.id}/queue`)
    expect(queue.entries.map((e) => e.playerName)).toEqual(['Ana', 'Bruno', 'Caio', 'Duda'])
    const ana = await g.page('Ana')
    // The tester's case: first in the queue, a no-show tonight. Not next, and the page says away.
    expect(placeIn(ana, 'Espada')).toMatchObject({ position: 1, isNext: false, tonight: { place: null } })
    expect(placeIn(await g.page('Bruno'), 'Espada')).toMatchObject({ position: 2, tonight: { place: null } })
    expect(placeIn(await g.page('Caio'), 'Espada')).toMatchObject({
      position: 3,
      pendingAhead: 0,
      isNext: true,
      tonight: { place: 1 },
    })
    // Ana and Bruno, pending ahead of Duda, are passed over tonight: only Caio comes first.
    expect(placeIn(await g.page('Duda'), 'Espada')).toMatchObject({
      position: 4,
      pendingAhead: 1,
      isNext: false,
      tonight: { place: 2 },
    })
    // Never why a player is away: the public page says who is not here, not the mark.
    expect(JSON.stringify(ana.queues)).not.toMatch(/no_show|bench/)
  })

  // An outside tester: a player below the item's minimum rank (never able to receive it) took a place tonight
  // from everyone behind them, while "pending ahead" did not count them.
  it('counts in the place tonight only who could receive: not a player below the minimum rank', async () => {
    const g = await nightWithAbsentees()
    const [raider] = await createRanks(g.admin, ['Raider'])
    await api(g.admin, 'PUT', '/players-rank', { playerIds: [g.ids.Duda], rankId: raider!.id })
    await api(g.admin, 'PATCH', `/items/${g.sword.id}`, { minRankId: raider!.id })
    // Caio (late, no rank) is here but below the minimum: Duda, behind him, is the first who could receive.
    expect(placeIn(await g.page('Duda'), 'Espada')).toMatchObject({
      position: 4,
      pendingAhead: 0,
      isNext: true,
      tonight: { place: 1 },
    })
    // Caio has no place tonight (his card says he is below the minimum); Ana, away, still says so.
    expect(placeIn(await g.page('Caio'), 'Espada')).toMatchObject({ belowMinimumRank: true, tonight: null })
    expect(placeIn(await g.page('Ana'), 'Espada').tonight).toEqual({ place: null })
    // The other queue has no minimum: Caio still counts there.
    expect(placeIn(await g.page('Duda'), 'Escudo').tonight).toEqual({ place: 2 })
  })

  // An outside tester (J), rank first on: a Core player read "#1 tonight" while an officer further down was
  // "Next tonight", and an officer who had a turn read "no pending player ahead" while the officer ahead of
  // her, who had received too, was next. The places follow the order of receiving, and the card counts who
  // receives first.
  it('with rank first, gives the places in the order they receive, and counts who receives first', async () => {
    const g = await nightWithAbsentees()
    const [officer] = await createRanks(g.admin, ['Officer'])
    await api(g.admin, 'PUT', '/players-rank', { playerIds: [g.ids.Duda], rankId: officer!.id })
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: true })
    // The shield: Duda, an officer, receives before Caio (late, no rank), who stands ahead of him.
    const queue = await g.read<PublicQueue>(`/items/${g.shield.id}/queue`)
    const view = await g.read<PublicView>('/view')
    const away = new Set(view.tonight!.awayPlayerIds)
    const places = tonightPlaces(queue.entries, (e) => !away.has(e.playerId), queue.rankFirst)
    expect(queue.entries.map((e) => [e.playerName, places.get(e)])).toEqual([
      ['Ana', null],
      ['Bruno', null],
      ['Caio', 2],
      ['Duda', 1],
    ])
    expect(placeIn(await g.page('Duda'), 'Escudo')).toMatchObject({ isNext: true, tonight: { place: 1 } })
    expect(placeIn(await g.page('Caio'), 'Escudo')).toMatchObject({ pendingAhead: 1, tonight: { place: 2 } })

    // Both officers receive the sword, Caio first: its queue is Ana, Bruno (away), Caio, Duda, who had a turn.
    await api(g.admin, 'PUT', '/players-rank', { playerIds: [g.ids.Caio], rankId: officer!.id })
    const award = async (name: string) => {
      const sword = await api<QueueView>(g.admin, 'GET', `/items/${g.sword.id}/queue`)
      const entry = sword.entries.find((e) => e.playerName === name)!
      await api(g.admin, 'POST', `/queue-entries/${entry.id}/received`, { raidNightId: g.night.id })
      ctx.setNow(new Date(ctx.deps.now().getTime() + 1000))
    }
    await award('Caio')
    await award('Duda')
    expect(placeIn(await g.page('Caio'), 'Espada')).toMatchObject({
      position: 3,
      isNext: true,
      pendingAhead: 0,
      tonight: { place: 1 },
    })
    expect(placeIn(await g.page('Duda'), 'Espada')).toMatchObject({
      position: 4,
      isNext: false,
      pendingAhead: 1,
      tonight: { place: 2 },
    })
  })

  it('gives every place the public queue shows, from the same night', async () => {
    const g = await nightWithAbsentees()
    const view = await g.read<PublicView>('/view')
    const away = new Set(view.tonight!.awayPlayerIds)
    for (const item of [g.sword, g.shield]) {
      const queue = await g.read<PublicQueue>(`/items/${item.id}/queue`)
      const places = tonightPlaces(queue.entries, (e) => !away.has(e.playerId), queue.rankFirst)
      for (const entry of queue.entries) {
        const standing = await g.page(entry.playerName)
        const place = standing.queues.find((q) => q.itemId === item.id)!
        expect(place.tonight, `${entry.playerName} in ${item.name}`).toEqual({
          place: places.get(entry),
        })
      }
    }
  })

  it('follows a mark after the page was read, and the night ending', async () => {
    const g = await nightWithAbsentees()
    expect(placeIn(await g.page('Duda'), 'Escudo').tonight).toEqual({ place: 2 })
    await markPlayers(g.admin, g.night.id, { [g.ids.Caio!]: 'excused' })
    await expect.poll(async () => placeIn(await g.page('Duda'), 'Escudo').tonight).toEqual({ place: 1 })
    await api(g.admin, 'POST', `/raid-nights/${g.night.id}/status`, { action: 'complete' })
    await expect
      .poll(async () => placeIn(await g.page('Ana'), 'Escudo'))
      .toMatchObject({
        tonight: null,
        isNext: true,
      })
  })

  it('keeps the own place tonight in every queue mode, hidden counters too, as it keeps the position', async () => {
    const g = await nightWithAbsentees()
    await api(g.admin, 'PUT', '/guild/public-visibility', {
      ...DEFAULT_PUBLIC_VISIBILITY,
      showCounters: false,
      queueMode: 'own',
    })
    const queue = await g.read<PublicQueue>(`/items/${g.sword.id}/queue`)
    expect(queue.entries).toEqual([])
    expect(placeIn(await g.page('Duda'), 'Espada')).toMatchObject({
      position: 4,
      timesReceived: null,
      tonight: { place: 2 },
    })
    expect(placeIn(await g.page('Ana'), 'Espada').tonight).toEqual({ place: null })
  })

  // docs/decisions/009-cached-reads.md: the night's "here" is the public view's, read from its cached answer.
  it("reads the night from the public view's cached answer, as the queues do", async () => {
    const g = await nightWithAbsentees()
    await g.read<PublicView>('/view')
    const before = ctx.deps.readCache.stats()
    expect(placeIn(await g.page('Duda'), 'Espada').tonight).toEqual({ place: 2 })
    const after = ctx.deps.readCache.stats()
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([1, 0])
  })

  it('says nothing of tonight when no night runs', async () => {
    const g = await nightWithAbsentees()
    // After the night's end (23:00 in São Paulo), while the access cookie (12 h) still holds.
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 3 * 3_600_000))
    const ana = await g.page('Ana')
    expect(ana.queues.map((q) => q.tonight)).toEqual([null, null])
    expect(placeIn(ana, 'Espada')).toMatchObject({ position: 1, isNext: true, pendingAhead: 0 })
  })

  // A night ending is no write: the page is told when to read itself again (web: useRefetchAt).
  it('says when to read again: the night running ends; nothing once none is ahead', async () => {
    const g = await nightWithAbsentees()
    expect((await g.page('Duda')).checkAgainAt).toBe(g.night.runsUntil)
    const dashboard = await api<PlayerStanding>(g.admin, 'GET', `/players/${g.ids.Duda}/standing`)
    expect(dashboard.checkAgainAt).toBe(g.night.runsUntil)
    ctx.setNow(new Date(DURING_NIGHT.getTime() + 3 * 3_600_000))
    expect((await g.page('Duda')).checkAgainAt).toBeNull()
  })

  it('gives the dashboard the same places, a minimum rank too', async () => {
    const g = await nightWithAbsentees()
    const [raider] = await createRanks(g.admin, ['Raider'])
    await api(g.admin, 'PUT', '/players-rank', { playerIds: [g.ids.Duda], rankId: raider!.id })
    await api(g.admin, 'PATCH', `/items/${g.sword.id}`, { minRankId: raider!.id })
    for (const name of NAMES) {
      const dashboard = await api<PlayerStanding>(g.admin, 'GET', `/players/${g.ids[name]}/standing`)
      const shown = await g.page(name)
      expect(
        dashboard.queues.map((q) => [q.tonight, q.pendingAhead, q.isNext]),
        name,
      ).toEqual(shown.queues.map((q) => [q.tonight, q.pendingAhead, q.isNext]))
    }
  })
})
