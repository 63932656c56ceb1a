import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { Item } from '../../../contract/items'
import { nextInLine } from '../../../contract/next-in-line'
import { applyQueueChange } from '../../../contract/queue-change'
import type { Overview } from '../../../contract/overview'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { PublicQueue } from '../../../contract/public'
import type { QueueChange, QueueView } from '../../../contract/queues'
import type { Rank } from '../../../contract/ranks'
import { auditLogs, items } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { nextInLineOf } from '../overview/overview.service'
import { publicClient } from '../public/public.test-support'
import { expectRefusedUnchanged, storedEntries } from '../queues/queue.test-support'
import { api, createRanks } from './ranks.test-support'

// Ranks in next in line (docs/product-rules.md, "Ranks"; docs/decisions/018-ranks.md): a player below the
// item's minimum rank stays in its queue, is never next and is never awarded; with the guild's "rank first",
// next is taken from the highest rank among those who can receive. Checked over random guilds against the
// test's own model of the rule (below), written from the product rule and apart from contract/next-in-line.ts
// and the overview's SQL: the overview, the queue screen, a player's page and an award's announcement must
// all name the model's player.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

type Guild = Awaited<ReturnType<typeof rankedGuild>>

async function rankedGuild(rankNames: readonly string[], playerNames: readonly string[]) {
  const { guild, admin } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const ranks = await createRanks(admin, rankNames)
  const players = []
  // Sequential: add-all orders by name, and names are given in order.
  for (const name of playerNames) players.push(await buildPlayer(ctx, guild.id, { name }))
  const item = await buildItem(ctx, guild.id, { name: 'Lendária', rarity: 'legendary' })
  await api(member, 'POST', `/items/${item.id}/queue/add-all`)
  return { guild, admin, member, ranks, players, item }
}

const setRank = (g: Guild, playerIds: string[], rank: Rank | null) =>
  api(g.member, 'PUT', '/players-rank', { playerIds, rankId: rank?.id ?? null })

const setMinimum = (g: Guild, rank: Rank | null) =>
  api<Item>(g.member, 'PATCH', `/items/${g.item.id}`, { minRankId: rank?.id ?? null })

const queueOf = (g: Guild) => api<QueueView>(g.member, 'GET', `/items/${g.item.id}/queue`)

// ---- The model: the rule in docs/product-rules.md ("Ranks"), apart from the product's functions. ----

type Facts = {
  /** Each player's rank level (index into the guild's ranks), null: none. */
  levelOf: Map<string, number | null>
  /** The item's minimum rank level, null: none. */
  minLevel: number | null
  rankFirst: boolean
}

type ModelEntry = { playerName: string; attendanceStatus: string; isPenalized: boolean; playerId: string }

function modelBelow(level: number | null, facts: Facts): boolean {
  if (facts.minLevel === null) return false
  if (level === null) return true
  return level > facts.minLevel
}

/** "Players of a higher rank are next before lower ranks, without a rank after all; within a rank, the queue." */
function modelNext(entries: readonly ModelEntry[], facts: Facts): string | null {
  const able = entries.filter(
    (e) =>
      e.attendanceStatus !== 'not_interested' &&
      !e.isPenalized &&
      !modelBelow(facts.levelOf.get(e.playerId) ?? null, facts),
  )
  if (able.length === 0) return null
  let pool = able
  if (facts.rankFirst) {
    const levels = able.map((e) => facts.levelOf.get(e.playerId) ?? null)
    const ranked = levels.filter((l): l is number => l !== null)
    const best = ranked.length > 0 ? Math.min(...ranked) : null
    pool = able.filter((e) => (facts.levelOf.get(e.playerId) ?? null) === best)
  }
  // Pending first (who has not had their turn), then the first of the others: docs/product-rules.md.
  return (pool.find((e) => e.attendanceStatus === 'pending') ?? pool[0]!).playerName
}

/** Every screen's next in line, which must agree. */
async function nextEverywhere(g: Guild) {
  const overview = await api<Overview>(g.member, 'GET', '/overview')
  const view = await queueOf(g)
  const standing: string[] = []
  for (const player of g.players) {
    const page = await api<PlayerStanding>(g.member, 'GET', `/players/${player.id}/standing`)
    if (page.queues.find((p) => p.itemId === g.item.id)?.isNext) standing.push(player.name)
  }
  const announced = await nextInLineOf(ctx.database.db, g.guild.id, g.item.id, ctx.deps.now(), null)
  return {
    view,
    overview: overview.nextUp.find((n) => n.itemId === g.item.id)?.player?.name ?? null,
    screen: nextInLine(view.entries, (e) => !e.isPenalized, view.rankFirst)?.playerName ?? null,
    standing,
    announced: announced?.name ?? null,
  }
}

async function expectNext(g: Guild, facts: Facts) {
  const seen = await nextEverywhere(g)
  const expected = modelNext(seen.view.entries, facts)
  expect(seen.overview, 'overview').toBe(expected)
  expect(seen.screen, 'queue screen').toBe(expected)
  expect(seen.standing, "players' pages").toEqual(expected ? [expected] : [])
  expect(seen.announced, 'announcement').toBe(expected)
  for (const e of seen.view.entries) {
    const level = facts.levelOf.get(e.playerId) ?? null
    expect(e.rankLevel, `${e.playerName}'s rank level`).toBe(level)
    expect(e.belowMinimumRank, `${e.playerName} below the minimum`).toBe(modelBelow(level, facts))
  }
  return seen
}

const NAMES = ['Ana', 'Bia', 'Caio', 'Duda', 'Eva', 'Fábio']

type Op =
  | { kind: 'received' | 'absent' | 'notInterested' | 'penalty'; pick: number }
  | { kind: 'rank'; pick: number; rank: number | null }
  | { kind: 'minimum'; rank: number | null }
  | { kind: 'rankFirst'; on: boolean }

const rankIndex = fc.option(fc.integer({ min: 0, max: 2 }), { nil: null })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('received' as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('absent' as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notInterested' as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('penalty' as const), pick: fc.nat(50) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rank' as const), pick: fc.nat(50), rank: rankIndex }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('minimum' as const), rank: rankIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rankFirst' as const), on: fc.boolean() }) },
)

const guildArb = fc.record({
  players: fc.integer({ min: 3, max: 6 }),
  levels: fc.array(rankIndex, { minLength: 6, maxLength: 6 }),
  minimum: rankIndex,
  rankFirst: fc.boolean(),
  ops: fc.array(opArb, { minLength: 1, maxLength: 8 }),
})

describe('next in line with ranks', () => {
  it('is the model’s player on every screen, over random guilds, ranks, minimums, "rank first" and actions', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(guildArb, async (input) => {
        const g = await rankedGuild(['Raider', 'Trial', 'Social'], NAMES.slice(0, input.players))
        const facts: Facts = { levelOf: new Map(), minLevel: null, rankFirst: false }
        const give = async (playerIndex: number, level: number | null) => {
          const player = g.players[playerIndex]!
          await setRank(g, [player.id], level === null ? null : g.ranks[level]!)
          facts.levelOf.set(player.id, level)
        }
        for (let i = 0; i < g.players.length; i++) await give(i, input.levels[i]!)
        await setMinimum(g, input.minimum === null ? null : g.ranks[input.minimum]!)
        facts.minLevel = input.minimum
        await api(g.admin, 'PUT', '/rank-first', { rankFirst: input.rankFirst })
        facts.rankFirst = input.rankFirst
        let seen = await expectNext(g, facts)
        for (const op of input.ops) {
          let answer: QueueChange | undefined
          const entries = seen.view.entries
          const target = 'pick' in op ? entries[op.pick % entries.length]! : undefined
          switch (op.kind) {
            case 'rank':
              await give(
                g.players.findIndex((p) => p.id === target!.playerId),
                op.rank,
              )
              break
            case 'minimum':
              await setMinimum(g, op.rank === null ? null : g.ranks[op.rank]!)
              facts.minLevel = op.rank
              break
            case 'rankFirst':
              await api(g.admin, 'PUT', '/rank-first', { rankFirst: op.on })
              facts.rankFirst = op.on
              break
            case 'penalty':
              answer = await api(g.member, 'POST', `/queue-entries/${target!.id}/penalty`, {
                days: 1,
                note: 'afk',
              })
              break
            default: {
              const path = { received: 'received', absent: 'absent', notInterested: 'not-interested' }[
                op.kind
              ]
              const below = modelBelow(facts.levelOf.get(target!.playerId) ?? null, facts)
              const res = await g.member.request('POST', `/api/v1/queue-entries/${target!.id}/${path}`)
              // A not-interested entry is refused first, whatever the rank.
              if (target!.attendanceStatus === 'not_interested' && op.kind !== 'notInterested')
                await expectError(res, 409, 'NOT_INTERESTED_ENTRY')
              else if (op.kind === 'received' && below) await expectError(res, 409, 'BELOW_MINIMUM_RANK')
              else {
                expect(res.status).toBe(200)
                answer = (await res.json()) as QueueChange
              }
            }
          }
          const before = seen.view
          seen = await expectNext(g, facts)
          // An entry action answers the entry as it now is, its rank facts included: applied to the queue
          // read before, it is the queue read now.
          if (answer) expect(applyQueueChange(before, answer), `${op.kind}'s answer`).toEqual(seen.view)
        }
      }),
      { numRuns: 12 },
    )
  })

  it('with "rank first": a raider who received comes before a pending trial; players without a rank come last', async () => {
    const g = await rankedGuild(['Raider', 'Trial'], ['Ana', 'Bia', 'Caio', 'Duda'])
    const [raider, trial] = g.ranks as [Rank, Rank]
    const [ana, bia, caio] = g.players
    await setRank(g, [ana!.id], raider)
    await setRank(g, [bia!.id, caio!.id], trial)
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: true })
    expect((await nextEverywhere(g)).screen).toBe('Ana')
    // The overview says the rule it names the next by (its card's words follow it).
    expect((await api<Overview>(g.member, 'GET', '/overview')).rankFirst).toBe(true)
    await api(g.member, 'POST', `/queue-entries/${(await queueOf(g)).entries[0]!.id}/received`)
    // Ana received and went to the end; she is still the only raider: next again.
    const after = await nextEverywhere(g)
    expect([after.overview, after.screen, after.announced]).toEqual(['Ana', 'Ana', 'Ana'])
    // Bia's page, first of the trials, says one player receives first: Ana, who has received (an outside
    // tester read "no pending player ahead" on such a card while the queue named the raider next).
    const bias = await api<PlayerStanding>(g.member, 'GET', `/players/${bia!.id}/standing`)
    expect(bias.queues[0]).toMatchObject({ isNext: false, pendingAhead: 1, rankFirst: true })
    await setRank(g, [ana!.id], null)
    // Without a rank, Ana is after every ranked player: the first pending trial.
    expect((await nextEverywhere(g)).overview).toBe('Bia')
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: false })
    expect((await nextEverywhere(g)).overview).toBe('Bia')
    expect((await api<Overview>(g.member, 'GET', '/overview')).rankFirst).toBe(false)
  })
})

describe('an award below the minimum rank', () => {
  it('is refused with 409 BELOW_MINIMUM_RANK, nothing changed; the player stays in the queue, marked', async () => {
    const g = await rankedGuild(['Raider', 'Trial'], ['Ana', 'Bia', 'Caio'])
    const [raider, trial] = g.ranks as [Rank, Rank]
    await setRank(g, [g.players[0]!.id], trial)
    await setRank(g, [g.players[2]!.id], raider)
    await setMinimum(g, raider)
    const view = await queueOf(g)
    expect(view.entries.map((e) => [e.playerName, e.belowMinimumRank])).toEqual([
      ['Ana', true],
      ['Bia', true],
      ['Caio', false],
    ])
    const q = { guild: g.guild, item: g.item } as Parameters<typeof expectRefusedUnchanged>[1]
    for (const entry of view.entries.slice(0, 2)) {
      await expectRefusedUnchanged(ctx, q, 409, 'BELOW_MINIMUM_RANK', () =>
        g.member.request('POST', `/api/v1/queue-entries/${entry.id}/received`),
      )
    }
    expect((await nextEverywhere(g)).overview).toBe('Caio')
    // Marked absent is not an award: allowed.
    await api(g.member, 'POST', `/queue-entries/${view.entries[0]!.id}/absent`)
    // The minimum lifted: Bia, pending, is next and may receive.
    await setMinimum(g, null)
    expect((await nextEverywhere(g)).overview).toBe('Bia')
    await api(g.member, 'POST', `/queue-entries/${view.entries[1]!.id}/received`)
  })

  it('is refused after a rank change, and undoing an award given before it restores the queue and recomputes next', async () => {
    const g = await rankedGuild(['Raider', 'Trial'], ['Ana', 'Bia', 'Caio'])
    const [raider, trial] = g.ranks as [Rank, Rank]
    await setRank(g, [g.players[0]!.id, g.players[2]!.id], raider)
    await setRank(g, [g.players[1]!.id], trial)
    await setMinimum(g, raider)
    const before = await storedEntries(ctx, g.item.id)
    const ana = (await queueOf(g)).entries[0]!
    expect((await nextEverywhere(g)).overview).toBe('Ana')
    await api(g.member, 'POST', `/queue-entries/${ana.id}/received`)
    expect((await nextEverywhere(g)).overview).toBe('Caio')
    // Ana becomes a trial: below the minimum now.
    await setRank(g, [g.players[0]!.id], trial)
    await api(g.member, 'POST', `/items/${g.item.id}/queue/undo`)
    const restored = await storedEntries(ctx, g.item.id)
    expect(restored.map(({ updatedAt: _, ...e }) => e)).toEqual(before.map(({ updatedAt: _, ...e }) => e))
    // The queue is as before the award, but Ana's rank changed: next is Caio, everywhere.
    const seen = await expectNext(g, {
      levelOf: new Map([
        [g.players[0]!.id, 1],
        [g.players[1]!.id, 1],
        [g.players[2]!.id, 0],
      ]),
      minLevel: 0,
      rankFirst: false,
    })
    expect(seen.overview).toBe('Caio')
    await expectError(
      await g.member.request('POST', `/api/v1/queue-entries/${ana.id}/received`),
      409,
      'BELOW_MINIMUM_RANK',
    )
  })
})

describe("an item's minimum rank", () => {
  it('is set and cleared by members, with an activity row each, and answered with the item', async () => {
    const g = await rankedGuild(['Raider'], ['Ana'])
    const [raider] = g.ranks as [Rank]
    expect((await setMinimum(g, raider)).minRankId).toBe(raider.id)
    expect((await setMinimum(g, null)).minRankId).toBeNull()
    const created = await api<Item>(g.member, 'POST', '/items', { name: 'Elmo', minRankId: raider.id }, 201)
    expect(created.minRankId).toBe(raider.id)
    const rows = await ctx.database.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.guildId, g.guild.id), eq(auditLogs.actionType, 'ITEM_UPDATE')))
    expect(rows.map((r) => r.description).sort()).toEqual(['Lendária · minRank', 'Lendária · minRank'])
    // Deleting the rank is refused while an item takes it as minimum (ranks.test.ts): the minimum stays.
    await expectError(
      await g.admin.request('DELETE', `/api/v1/ranks/${raider.id}`),
      409,
      'RANK_IS_ITEM_MINIMUM',
    )
    const [row] = await ctx.database.db
      .select({ minRankId: items.minRankId })
      .from(items)
      .where(eq(items.id, created.id))
    expect(row!.minRankId).toBe(raider.id)
  })

  it("refuses another guild's rank, or a deleted one: 404 RANK_NOT_FOUND, nothing changed", async () => {
    const g = await rankedGuild(['Raider'], ['Ana'])
    const other = await rankedGuild(['Officer'], ['Zed'])
    const gone = (await createRanks(g.admin, ['Gone']))[0]!
    await api(g.admin, 'DELETE', `/ranks/${gone.id}`)
    const before = await databaseFingerprint(ctx)
    for (const rankId of [other.ranks[0]!.id, gone.id]) {
      await expectError(
        await g.member.request('PATCH', `/api/v1/items/${g.item.id}`, { minRankId: rankId }),
        404,
        'RANK_NOT_FOUND',
      )
      await expectError(
        await g.member.request('POST', '/api/v1/items', { name: 'Elmo', minRankId: rankId }),
        404,
        'RANK_NOT_FOUND',
      )
    }
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })
})

describe('"rank first"', () => {
  it('is read by members, set by admins with an activity row per change, refused to members', async () => {
    const g = await rankedGuild(['Raider'], ['Ana'])
    expect(await api(g.member, 'GET', '/rank-first')).toEqual({ rankFirst: false })
    await expectError(
      await g.member.request('PUT', '/api/v1/rank-first', { rankFirst: true }),
      403,
      'FORBIDDEN',
    )
    expect(await api(g.admin, 'PUT', '/rank-first', { rankFirst: true })).toEqual({ rankFirst: true })
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: true })
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: false })
    expect(await api(g.member, 'GET', '/rank-first')).toEqual({ rankFirst: false })
    const rows = await ctx.database.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.guildId, g.guild.id), eq(auditLogs.actionType, 'RANK_FIRST_UPDATE')))
    expect(rows.map((r) => r.description).sort()).toEqual(['off', 'on'])
  })
})

describe('the public page and a player’s page explain ranks', () => {
  it('name each player’s rank and the item’s minimum; a player’s page says the guild gives by rank first', async () => {
    // The tester's guild: Samwise (no rank), Korvash (Recruta), Zed (Oficial), in that order; "rank first".
    const g = await rankedGuild(['Oficial', 'Recruta'], ['Samwise', 'Korvash', 'Zed'])
    const [officer, recruit] = g.ranks as [Rank, Rank]
    const [samwise, korvash, zed] = g.players
    await setRank(g, [korvash!.id], recruit)
    await setRank(g, [zed!.id], officer)
    await api(g.admin, 'PUT', '/rank-first', { rankFirst: true })
    // Add-all orders by name; the tester's order puts Samwise first.
    const byName = new Map((await queueOf(g)).entries.map((e) => [e.playerName, e.id]))
    await api(g.member, 'PUT', `/items/${g.item.id}/queue/order`, {
      entryIds: ['Samwise', 'Korvash', 'Zed'].map((name) => byName.get(name)),
    })
    const client = publicClient(ctx)
    const { cookie } = await client.enter(g.guild.slug, 'raid-night')
    const read = async <T>(path: string) => {
      const res = await client.call('GET', `${g.guild.slug}/${path}`, { cookie })
      expect(res.status, path).toBe(200)
      return (await res.json()) as T
    }
    const queue = await read<PublicQueue>(`items/${g.item.id}/queue`)
    expect(queue.rankFirst).toBe(true)
    expect(queue.minRankName).toBeNull()
    expect(queue.entries.map((e) => [e.playerName, e.rankName])).toEqual([
      ['Samwise', null],
      ['Korvash', 'Recruta'],
      ['Zed', 'Oficial'],
    ])
    const samwisePage = await read<PlayerStanding>(`players/${samwise!.id}`)
    expect(samwisePage.queues[0]).toMatchObject({
      position: 1,
      pendingAhead: 2,
      isNext: false,
      rankFirst: true,
      minRankName: null,
    })

    await setMinimum(g, recruit)
    expect((await read<PublicQueue>(`items/${g.item.id}/queue`)).minRankName).toBe('Recruta')
    expect((await read<PlayerStanding>(`players/${samwise!.id}`)).queues[0]).toMatchObject({
      belowMinimumRank: true,
      minRankName: 'Recruta',
    })
    // The dashboard's player page says the same.
    const dashboard = await api<PlayerStanding>(g.member, 'GET', `/players/${korvash!.id}/standing`)
    expect(dashboard.queues[0]).toMatchObject({ rankFirst: true, minRankName: 'Recruta', pendingAhead: 1 })
  })
})
