import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Player } from '../../../contract/players'
import type { AddAllResult, QueueView } from '../../../contract/queues'
import { auditLogs } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { api, createRanks, listRanks } from './ranks.test-support'

// A player's rank (docs/product-rules.md, "Ranks"): set in the player's dialog or for many players at once,
// by whoever manages players; "add all" can take only some ranks.

const ctx = await fileTestContext()

async function rankedGuild() {
  const { guild, admin } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const [raider, trial] = await createRanks(admin, ['Raider', 'Trial'])
  const players = {
    ana: await buildPlayer(ctx, guild.id, { name: 'Ana' }),
    bia: await buildPlayer(ctx, guild.id, { name: 'Bia' }),
    caio: await buildPlayer(ctx, guild.id, { name: 'Caio' }),
  }
  return { guild, admin, member, raider: raider!, trial: trial!, players }
}

const rankOf = async (actor: Parameters<typeof api>[0]) =>
  Object.fromEntries(
    (await api<{ players: Player[] }>(actor, 'GET', '/players')).players.map((p) => [p.name, p.rankId]),
  )

const playerAudit = (guildId: string) =>
  ctx.database.db
    .select({ description: auditLogs.description })
    .from(auditLogs)
    .where(and(eq(auditLogs.guildId, guildId), eq(auditLogs.actionType, 'PLAYER_UPDATE')))
    .orderBy(asc(auditLogs.description))

describe("a player's rank", () => {
  it('is set when adding or editing a player, cleared with null, and kept by a patch that does not name it', async () => {
    const { member, raider, trial, guild } = await rankedGuild()
    const created = await api<Player>(member, 'POST', '/players', { name: 'Duda', rankId: raider.id }, 201)
    expect(created.rankId).toBe(raider.id)
    expect((await api<Player>(member, 'POST', '/players', { name: 'Edu' }, 201)).rankId).toBeNull()
    await api(member, 'PATCH', `/players/${created.id}`, { rankId: trial.id })
    expect((await api<Player>(member, 'PATCH', `/players/${created.id}`, { notes: 'tank' })).rankId).toBe(
      trial.id,
    )
    expect((await api<Player>(member, 'PATCH', `/players/${created.id}`, { rankId: null })).rankId).toBeNull()
    expect((await playerAudit(guild.id)).map((r) => r.description)).toEqual([
      'Duda · notes',
      'Duda · rank',
      'Duda · rank',
    ])
    expect((await listRanks(member)).map((r) => r.playerCount)).toEqual([0, 0])
  })

  it('refuses a rank that is not the guild’s (another guild’s, or deleted): 404 RANK_NOT_FOUND, nothing changed', async () => {
    const { admin, member, raider, players } = await rankedGuild()
    const [foreign] = await createRanks((await buildGuild(ctx)).admin, ['Raider'])
    await api(admin, 'DELETE', `/ranks/${raider.id}`)
    await listRanks(member) // a first request refreshes the session, which the fingerprint would see
    const before = await databaseFingerprint(ctx)
    for (const rankId of [foreign!.id, raider.id]) {
      await expectError(
        await member.request('POST', '/api/v1/players', { name: 'X', rankId }),
        404,
        'RANK_NOT_FOUND',
      )
      await expectError(
        await member.request('PATCH', `/api/v1/players/${players.ana.id}`, { rankId }),
        404,
        'RANK_NOT_FOUND',
      )
      await expectError(
        await member.request('PUT', '/api/v1/players-rank', { playerIds: [players.ana.id], rankId }),
        404,
        'RANK_NOT_FOUND',
      )
    }
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })

  it('changes for many players in one request, writing only those whose rank changes', async () => {
    const { guild, member, raider, trial, players } = await rankedGuild()
    const { ana, bia, caio } = players
    await api(member, 'PATCH', `/players/${caio.id}`, { rankId: raider.id })
    expect(
      await api(member, 'PUT', '/players-rank', { playerIds: [ana.id, bia.id, caio.id], rankId: raider.id }),
    ).toEqual({ changed: 2 })
    expect(await rankOf(member)).toEqual({ Ana: raider.id, Bia: raider.id, Caio: raider.id })
    expect(await api(member, 'PUT', '/players-rank', { playerIds: [bia.id], rankId: trial.id })).toEqual({
      changed: 1,
    })
    expect(await api(member, 'PUT', '/players-rank', { playerIds: [ana.id, caio.id], rankId: null })).toEqual(
      {
        changed: 2,
      },
    )
    expect(await rankOf(member)).toEqual({ Ana: null, Bia: trial.id, Caio: null })
    // The same rank again changes nothing and writes nothing.
    const before = await databaseFingerprint(ctx)
    expect(await api(member, 'PUT', '/players-rank', { playerIds: [bia.id], rankId: trial.id })).toEqual({
      changed: 0,
    })
    expect(await databaseFingerprint(ctx)).toEqual(before)
    expect((await playerAudit(guild.id)).map((r) => r.description)).toEqual([
      'Ana · rank',
      'Ana · rank',
      'Bia · rank',
      'Bia · rank',
      'Caio · rank',
      'Caio · rank',
    ])
  })

  it('refuses the whole change when one player is another guild’s: 404, nobody changed', async () => {
    const { member, raider, players } = await rankedGuild()
    const stranger = await buildPlayer(ctx, (await buildGuild(ctx)).guild.id, { name: 'Outsider' })
    await listRanks(member) // a first request refreshes the session, which the fingerprint would see
    const before = await databaseFingerprint(ctx)
    await expectError(
      await member.request('PUT', '/api/v1/players-rank', {
        playerIds: [players.ana.id, stranger.id],
        rankId: raider.id,
      }),
      404,
      'NOT_FOUND',
    )
    await expectError(
      await member.request('PUT', '/api/v1/players-rank', { playerIds: [], rankId: raider.id }),
      400,
      'VALIDATION_FAILED',
    )
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })

  it('"add all" adds only the players of the chosen ranks ("none": without one), in name order', async () => {
    const { guild, member, raider, trial, players } = await rankedGuild()
    await api(member, 'PUT', '/players-rank', {
      playerIds: [players.caio.id, players.ana.id],
      rankId: raider.id,
    })
    await api(member, 'PUT', '/players-rank', { playerIds: [players.bia.id], rankId: trial.id })
    await buildPlayer(ctx, guild.id, { name: 'Davi' })
    await buildPlayer(ctx, guild.id, { name: 'Eva', playerStatus: 'inactive' })
    const item = await buildItem(ctx, guild.id)
    const names = async () =>
      (await api<QueueView>(member, 'GET', `/items/${item.id}/queue`)).entries.map((e) => e.playerName)
    const addAll = (body?: unknown) =>
      api<AddAllResult>(member, 'POST', `/items/${item.id}/queue/add-all`, body)
    expect((await addAll({ ranks: [raider.id] })).added).toBe(2)
    expect(await names()).toEqual(['Ana', 'Caio'])
    expect((await addAll({ ranks: [raider.id] })).added).toBe(0)
    expect((await addAll({ ranks: ['none'] })).added).toBe(1)
    expect(await names()).toEqual(['Ana', 'Caio', 'Davi'])
    // Another guild's rank, or one deleted meanwhile, is refused as players' and items' are: nothing added.
    const [foreign] = await createRanks((await buildGuild(ctx)).admin, ['Raider'])
    for (const ranks of [[foreign!.id], [raider.id, foreign!.id], ['none', crypto.randomUUID()]]) {
      const before = await databaseFingerprint(ctx)
      await expectError(
        await member.request('POST', `/api/v1/items/${item.id}/queue/add-all`, { ranks }),
        404,
        'RANK_NOT_FOUND',
      )
      expect(await databaseFingerprint(ctx)).toEqual(before)
    }
    expect((await addAll()).added).toBe(1)
    expect(await names()).toEqual(['Ana', 'Caio', 'Davi', 'Bia'])
    // As before add-all took a body: the API's content type and nothing after it is "every rank".
    const bare = await member.request('POST', `/api/v1/items/${item.id}/queue/add-all`, undefined, {
      'content-type': 'application/json',
    })
    expect(bare.status, await bare.clone().text()).toBe(200)
    expect(((await bare.json()) as AddAllResult).added).toBe(0)
  })
})
