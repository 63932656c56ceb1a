import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { RANK_NAME_MAX, type Rank } from '../../../contract/ranks'
import { auditLogs, players } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { api, createRanks, listRanks } from './ranks.test-support'

// A guild's ranks (docs/product-rules.md, "Ranks"): admins with Pro manage them, members read them.

const ctx = await fileTestContext()

async function guildWithRanks(names: readonly string[] = []) {
  const { guild, admin } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const ranks = await createRanks(admin, names)
  return { guild, admin, member, ranks }
}

const rankAudit = (guildId: string) =>
  ctx.database.db
    .select({ actionType: auditLogs.actionType, description: auditLogs.description })
    .from(auditLogs)
    .where(and(eq(auditLogs.guildId, guildId), eq(auditLogs.tableName, 'guild_ranks')))
    .orderBy(asc(auditLogs.createdAt))

const summary = (ranks: readonly Rank[]) => ranks.map((r) => `${r.level}:${r.name}:${r.playerCount}`)

async function giveRank(playerId: string, rankId: string | null) {
  await ctx.database.db.update(players).set({ rankId }).where(eq(players.id, playerId))
}

describe('ranks', () => {
  it('a new guild has none; each new rank goes below the others, and members read them highest first', async () => {
    const { admin, member } = await guildWithRanks()
    expect(await listRanks(member)).toEqual([])
    const [officer, raider, trial] = await createRanks(admin, ['Oficial', 'Raider', 'Trial'])
    expect(officer).toMatchObject({ name: 'Oficial', level: 0, playerCount: 0 })
    expect(trial!.level).toBe(2)
    expect((await listRanks(member)).map((r) => r.id)).toEqual([officer!.id, raider!.id, trial!.id])
  })

  it('trims the name and refuses a taken one whatever its case, an empty one, and a 21st rank', async () => {
    const { admin, guild } = await guildWithRanks(['Raider'])
    const before = await databaseFingerprint(ctx)
    await expectError(
      await admin.request('POST', '/api/v1/ranks', { name: '  raider ' }),
      409,
      'RANK_NAME_TAKEN',
    )
    await expectError(await admin.request('POST', '/api/v1/ranks', { name: '   ' }), 400, 'VALIDATION_FAILED')
    // A name over the limit is refused with the limit, never cut to it (an outside test pasted 200 characters).
    const long = await expectError(
      await admin.request('POST', '/api/v1/ranks', { name: 'x'.repeat(RANK_NAME_MAX + 1) }),
      400,
      'VALIDATION_FAILED',
    )
    expect(long.error).toMatchObject({
      fields: { name: 'tooLong' },
      limits: { name: { max: RANK_NAME_MAX } },
    })
    expect(await databaseFingerprint(ctx)).toEqual(before)
    await createRanks(
      admin,
      Array.from({ length: 19 }, (_, i) => `Rank ${i + 2}`),
    )
    expect(await listRanks(admin)).toHaveLength(20)
    const full = await databaseFingerprint(ctx)
    await expectError(
      await admin.request('POST', '/api/v1/ranks', { name: 'Extra' }),
      409,
      'RANK_LIMIT_REACHED',
    )
    expect(await databaseFingerprint(ctx)).toEqual(full)
    expect((await rankAudit(guild.id)).filter((r) => r.actionType === 'RANK_CREATE')).toHaveLength(20)
  })

  it('never makes more than 20 when many are created at once', async () => {
    const { admin } = await guildWithRanks(Array.from({ length: 17 }, (_, i) => `R${i}`))
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => admin.request('POST', '/api/v1/ranks', { name })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409])
    expect((await listRanks(admin)).map((r) => r.level)).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })

  it('renames (a change of case too), refuses another rank’s name, and writes nothing for the same name', async () => {
    const { admin, guild, ranks } = await guildWithRanks(['Raider', 'Trial'])
    const [raider, trial] = ranks
    expect(await api<Rank>(admin, 'PATCH', `/ranks/${trial!.id}`, { name: 'Recruta' })).toMatchObject({
      id: trial!.id,
      name: 'Recruta',
      level: 1,
    })
    await api(admin, 'PATCH', `/ranks/${raider!.id}`, { name: 'RAIDER' })
    await expectError(
      await admin.request('PATCH', `/api/v1/ranks/${raider!.id}`, { name: 'recruta' }),
      409,
      'RANK_NAME_TAKEN',
    )
    const before = await databaseFingerprint(ctx)
    await api(admin, 'PATCH', `/ranks/${raider!.id}`, { name: 'RAIDER' })
    expect(await databaseFingerprint(ctx)).toEqual(before)
    expect((await rankAudit(guild.id)).slice(2)).toEqual([
      { actionType: 'RANK_RENAME', description: 'Trial → Recruta' },
      { actionType: 'RANK_RENAME', description: 'Raider → RAIDER' },
    ])
  })

  it('reorders every level at once, and refuses an order that is not every rank once', async () => {
    const { admin, guild, ranks } = await guildWithRanks(['Oficial', 'Raider', 'Trial'])
    const [officer, raider, trial] = ranks.map((r) => r.id) as [string, string, string]
    const { ranks: after } = await api<{ ranks: Rank[] }>(admin, 'PUT', '/rank-order', {
      rankIds: [raider, officer, trial],
    })
    expect(summary(after)).toEqual(['0:Raider:0', '1:Oficial:0', '2:Trial:0'])
    expect(summary(await listRanks(admin))).toEqual(['0:Raider:0', '1:Oficial:0', '2:Trial:0'])
    const before = await databaseFingerprint(ctx)
    for (const rankIds of [
      [raider, officer],
      [raider, officer, trial, trial],
      [raider, officer, officer],
    ])
      await expectError(
        await admin.request('PUT', '/api/v1/rank-order', { rankIds }),
        409,
        'RANK_ORDER_MISMATCH',
      )
    // The same order changes nothing.
    await api(admin, 'PUT', '/rank-order', { rankIds: [raider, officer, trial] })
    expect(await databaseFingerprint(ctx)).toEqual(before)
    expect((await rankAudit(guild.id)).at(-1)).toEqual({
      actionType: 'RANK_REORDER',
      description: 'Raider > Oficial > Trial',
    })
  })

  it('deletes a rank: its players have none, the ranks below move up, and the answer counts them', async () => {
    const { admin, guild, ranks } = await guildWithRanks(['Oficial', 'Raider', 'Trial'])
    const [, raider, trial] = ranks
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    const bia = await buildPlayer(ctx, guild.id, { name: 'Bia', playerStatus: 'inactive' })
    const caio = await buildPlayer(ctx, guild.id, { name: 'Caio' })
    await giveRank(ana.id, raider!.id)
    await giveRank(bia.id, raider!.id)
    await giveRank(caio.id, trial!.id)
    expect(summary(await listRanks(admin))).toEqual(['0:Oficial:0', '1:Raider:2', '2:Trial:1'])
    expect(await api(admin, 'DELETE', `/ranks/${raider!.id}`)).toEqual({ playersCleared: 2 })
    expect(summary(await listRanks(admin))).toEqual(['0:Oficial:0', '1:Trial:1'])
    const rows = await ctx.database.db.select().from(players).where(eq(players.guildId, guild.id))
    expect(Object.fromEntries(rows.map((p) => [p.name, p.rankId]))).toEqual({
      Ana: null,
      Bia: null,
      Caio: trial!.id,
    })
    expect((await rankAudit(guild.id)).at(-1)).toEqual({
      actionType: 'RANK_DELETE',
      description: 'Raider · holders 2',
    })
    await expectError(await admin.request('DELETE', `/api/v1/ranks/${raider!.id}`), 404, 'NOT_FOUND')
  })

  // An outside tester (notes/outside-H.md, defect 2) deleted "Raider", an Epic's minimum rank: the item quietly
  // opened to everyone. The delete is refused now, naming the items, and nothing changes.
  it("refuses to delete a rank items take as their minimum, naming them; another guild's rank is 404", async () => {
    const { admin, guild, ranks } = await guildWithRanks(['Oficial', 'Raider'])
    const [officer, raider] = ranks as [Rank, Rank]
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await giveRank(ana.id, raider.id)
    const names = ['Lâmina', 'Elmo', 'Capa', 'Anel', 'Botas']
    const made = []
    for (const name of names) made.push(await buildItem(ctx, guild.id, { name }))
    const minimum = (item: { id: string }, rank: Rank | null) =>
      api(admin, 'PATCH', `/items/${item.id}`, { minRankId: rank?.id ?? null })
    await minimum(made[0]!, raider)
    const refuse = async (language: 'pt' | 'en') =>
      (
        await expectError(
          await admin.request('DELETE', `/api/v1/ranks/${raider.id}`, undefined, {
            cookie: `${admin.cookie}; lq_lang=${language}`,
          }),
          409,
          'RANK_IS_ITEM_MINIMUM',
        )
      ).error.message as string
    // One item, named.
    let before = await databaseFingerprint(ctx)
    expect(await refuse('en')).toBe(
      'The item Lâmina only goes to this rank and above: change its minimum rank first. Nothing was deleted.',
    )
    expect(await databaseFingerprint(ctx)).toEqual(before)
    // Five: the first three by name, then how many more, in each language.
    for (const item of made.slice(1)) await minimum(item, raider)
    before = await databaseFingerprint(ctx)
    expect(await refuse('pt')).toBe(
      '5 itens só vão para este cargo e acima (Anel, Botas, Capa e mais 2): mude o cargo mínimo deles antes. Nada foi excluído.',
    )
    expect(await refuse('en')).toBe(
      '5 items only go to this rank and above (Anel, Botas, Capa and 2 more): change their minimum rank first. Nothing was deleted.',
    )
    expect(await databaseFingerprint(ctx)).toEqual(before)
    expect(summary(await listRanks(admin))).toEqual(['0:Oficial:0', '1:Raider:1'])
    // The list says it first, for the delete dialog: how many items, the first three by name.
    expect((await listRanks(admin)).map((r) => r.minimumOf)).toEqual([
      { count: 0, names: [] },
      { count: 5, names: ['Anel', 'Botas', 'Capa'] },
    ])
    // Another guild's admin: not found, whatever it guards.
    const stranger = (await buildGuild(ctx)).admin
    await expectError(await stranger.request('DELETE', `/api/v1/ranks/${raider.id}`), 404, 'NOT_FOUND')
    // Once no item takes it as minimum (moved to another rank, or none), it goes.
    for (const item of made) await minimum(item, item === made[0] ? officer : null)
    expect(await api(admin, 'DELETE', `/ranks/${raider.id}`)).toEqual({ playersCleared: 1 })
  })

  it('is managed by admins with Pro only; another guild’s rank is not found and stays as it was', async () => {
    const { admin, member, ranks } = await guildWithRanks(['Raider'])
    const rankId = ranks[0]!.id
    const stranger = (await buildGuild(ctx)).admin
    const lapsed = (await buildGuild(ctx, { subscriptionStatus: 'canceled' })).admin
    // Reading is not Pro: the players page shows the ranks a guild made whatever its plan. (A first request
    // also refreshes each session, which the fingerprint would see.)
    expect(await listRanks(lapsed)).toEqual([])
    expect(await listRanks(stranger)).toEqual([])
    expect(await listRanks(member)).toHaveLength(1)
    const before = await databaseFingerprint(ctx)
    await expectError(await member.request('POST', '/api/v1/ranks', { name: 'Trial' }), 403, 'FORBIDDEN')
    await expectError(
      await member.request('PATCH', `/api/v1/ranks/${rankId}`, { name: 'X' }),
      403,
      'FORBIDDEN',
    )
    await expectError(
      await member.request('PUT', '/api/v1/rank-order', { rankIds: [rankId] }),
      403,
      'FORBIDDEN',
    )
    await expectError(await member.request('DELETE', `/api/v1/ranks/${rankId}`), 403, 'FORBIDDEN')
    await expectError(
      await stranger.request('PATCH', `/api/v1/ranks/${rankId}`, { name: 'X' }),
      404,
      'NOT_FOUND',
    )
    await expectError(await stranger.request('DELETE', `/api/v1/ranks/${rankId}`), 404, 'NOT_FOUND')
    await expectError(
      await stranger.request('PUT', '/api/v1/rank-order', { rankIds: [rankId] }),
      409,
      'RANK_ORDER_MISMATCH',
    )
    expect(await listRanks(stranger)).toEqual([])
    await expectError(
      await lapsed.request('POST', '/api/v1/ranks', { name: 'Raider' }),
      402,
      'SUBSCRIPTION_REQUIRED',
    )
    expect(await databaseFingerprint(ctx)).toEqual(before)
    expect(await listRanks(admin)).toHaveLength(1)
  })
})
