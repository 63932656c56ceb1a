import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember, buildPlayer, DEFAULT_PASSWORD } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { seedAudit, seedLoot } from './history.test-support'

const ctx = await fileTestContext()

const getJson = async (
  actor: { request: (m: string, p: string, b?: unknown, h?: Record<string, string>) => Promise<Response> },
  path: string,
  headers: Record<string, string> = {},
) => {
  const res = await actor.request('GET', path, undefined, headers)
  expect(res.status, path).toBe(200)
  return res.json()
}

describe('history stats', () => {
  it('are computed over the whole history, not one page', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const thrall = await buildPlayer(ctx, guild.id, { name: 'Thrall' })
    const at = (iso: string) => new Date(iso)
    await seedLoot(ctx, guild.id, [
      // 30 rows for one living player on one day.
      ...Array.from({ length: 30 }, (_, i) => ({
        playerId: thrall.id,
        playerName: 'Thrall',
        itemRarity: 'common' as const,
        distributedAt: at(`2024-05-10T15:${String(i).padStart(2, '0')}:00Z`),
      })),
      // Deleted players have no id any more: they count by name, whatever its case.
      { playerName: 'Jaina', itemRarity: 'epic', distributedAt: at('2024-05-11T12:00:00Z') },
      { playerName: 'jaina', itemRarity: 'legendary', distributedAt: at('2024-05-11T13:00:00Z') },
      { playerName: 'Sylvanas', itemRarity: 'legendary', distributedAt: at('2024-05-12T02:30:00Z') },
      { playerName: 'Anduin', itemRarity: null, distributedAt: at('2024-05-12T23:30:00Z') },
    ])
    const utc = await getJson(admin, '/api/v1/history/stats')
    expect(utc).toEqual({ totalDistributed: 34, distinctPlayers: 4, epicOrLegendary: 3, activeDays: 3 })
  })

  it("count days on the guild's clock, whoever reads them", async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [
      { distributedAt: new Date('2024-07-01T22:00:00Z') },
      { distributedAt: new Date('2024-07-02T01:00:00Z') },
    ])
    // The guild's zone, São Paulo by default: 19:00 and 22:00 on 1 July, one raid night, one day. A reader's
    // zone (sent by pages loaded before) changes nothing: every officer sees the same count.
    expect((await getJson(admin, '/api/v1/history/stats?tz=UTC')).activeDays).toBe(1)
    expect((await getJson(admin, '/api/v1/history/stats')).activeDays).toBe(1)
    // On UTC the night spans two days; the count kept for the guild goes with the change.
    const moved = await admin.request('PUT', '/api/v1/raid-night-settings', {
      timeZone: 'UTC',
      noShowRule: 'keep',
    })
    expect(moved.status).toBe(200)
    expect((await getJson(admin, '/api/v1/history/stats?tz=America%2FSao_Paulo')).activeDays).toBe(2)
  })

  it('are zero for an empty history', async () => {
    const { admin } = await buildGuild(ctx)
    expect(await getJson(admin, '/api/v1/history/stats')).toEqual({
      totalDistributed: 0,
      distinctPlayers: 0,
      epicOrLegendary: 0,
      activeDays: 0,
    })
  })
})

describe('activity log', () => {
  it('names the author, or null for the system, newest first, 20 per page', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const officer = await buildMember(ctx, { guildId: guild.id, name: 'Oficial Ágata' })
    await seedAudit(ctx, guild.id, [
      ...Array.from({ length: 22 }, (_, i) => ({ userId: officer.user.id, description: `Item ${i} criado` })),
      {
        userId: null,
        actionType: 'SUBSCRIPTION_UPDATE',
        tableName: 'guilds',
        description: 'Assinatura ativada',
      },
    ])
    const first = await getJson(admin, '/api/v1/history/activity')
    expect(first.total).toBe(23)
    expect(first.rows).toHaveLength(20)
    expect(first.rows[0]).toMatchObject({
      userName: null,
      actionType: 'SUBSCRIPTION_UPDATE',
      tableName: 'guilds',
      description: 'Assinatura ativada',
    })
    expect(first.rows[1]).toMatchObject({ userName: 'Oficial Ágata', description: 'Item 21 criado' })
    const second = await getJson(admin, '/api/v1/history/activity?page=2')
    expect(second.rows.map((r: { description: string }) => r.description)).toEqual([
      'Item 2 criado',
      'Item 1 criado',
      'Item 0 criado',
    ])
  })

  it('searches description, author and the action label in the reader language', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const officer = await buildMember(ctx, { guildId: guild.id, name: 'Bruxa Morgana' })
    await seedAudit(ctx, guild.id, [
      { actionType: 'PLAYER_PENALIZED', description: 'Thrall: 7 dias', userId: admin.user.id },
      { actionType: 'ITEM_RECEIVED', description: 'Espada entregue a Jaina', userId: officer.user.id },
      { actionType: 'QUEUE_REORDER', description: 'Fila reordenada: Cajado' },
    ])
    const search = async (q: string, lang = 'pt') =>
      (
        await getJson(admin, `/api/v1/history/activity?search=${encodeURIComponent(q)}`, {
          cookie: `${admin.cookie}; lq_lang=${lang}`,
        })
      ).rows.map((r: { actionType: string }) => r.actionType)
    expect(await search('ESPADA')).toEqual(['ITEM_RECEIVED'])
    expect(await search('morgana')).toEqual(['ITEM_RECEIVED'])
    expect(await search('penalidade')).toEqual(['PLAYER_PENALIZED'])
    expect(await search('Penalty', 'en')).toEqual(['PLAYER_PENALIZED'])
    expect(await search('penalidade', 'en')).toEqual([])
    expect(await search('recebido')).toEqual(['ITEM_RECEIVED'])
    expect(await search('nothing like this')).toEqual([])
  })

  it('keeps the name of a member who left, marked as former, apart from the system (issue 43, point 2)', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const removed = await buildMember(ctx, { guildId: guild.id, name: 'Bruxa Morgana' })
    const leaving = await buildMember(ctx, { guildId: guild.id, name: 'Élfica Lúthien' })
    const staying = await buildMember(ctx, { guildId: guild.id, name: 'Anão Gimli' })
    await seedAudit(ctx, guild.id, [
      { actionType: 'ITEM_CREATE', description: 'Espada', userId: removed.user.id },
      { actionType: 'PLAYER_CREATE', description: 'Thrall', userId: leaving.user.id },
      { actionType: 'PLAYER_CREATE', description: 'Jaina', userId: staying.user.id },
      // Left before names were kept (migration 0017 found it without its author's id).
      { actionType: 'ITEM_UPDATE', description: 'Cajado · name', userId: null },
      { actionType: 'SUBSCRIPTION_ACTIVATED', tableName: 'guilds', description: 'active', userId: null },
    ])
    await seedLoot(ctx, guild.id, [{ playerName: 'Thrall', distributedBy: removed.user.id }])
    expect((await admin.request('DELETE', `/api/v1/members/${removed.profileId}`)).status).toBe(204)
    expect(
      (await leaving.request('DELETE', '/api/v1/me', { currentPassword: DEFAULT_PASSWORD })).status,
    ).toBe(200)
    // A member's rows read their name as it is now.
    expect((await staying.request('PATCH', '/api/v1/me/profile', { displayName: 'Gimli' })).status).toBe(200)

    const { rows } = await getJson(admin, '/api/v1/history/activity')
    const authorOf = (description: string) => {
      const row = rows.find((r: { description: string }) => r.description === description)
      return { userName: row.userName, author: row.author }
    }
    expect(authorOf('Espada')).toEqual({ userName: 'Bruxa Morgana', author: 'former_member' })
    expect(authorOf('Thrall')).toEqual({ userName: 'Élfica Lúthien', author: 'former_member' })
    expect(authorOf('Jaina')).toEqual({ userName: 'Gimli', author: 'member' })
    expect(authorOf('Cajado · name')).toEqual({ userName: null, author: 'former_member' })
    expect(authorOf('active')).toEqual({ userName: null, author: 'system' })
    // The removal and the deletion are their own rows, by the admin and by the one who left.
    expect(authorOf('Élfica Lúthien')).toEqual({ userName: 'Élfica Lúthien', author: 'former_member' })
    expect(rows.find((r: { actionType: string }) => r.actionType === 'USER_REMOVED')).toMatchObject({
      description: 'Bruxa Morgana',
      author: 'member',
    })

    // A former member's rows are still found by their name.
    const found = await getJson(admin, '/api/v1/history/activity?search=morgana')
    expect(found.rows.map((r: { description: string }) => r.description).sort()).toEqual([
      'Bruxa Morgana',
      'Espada',
    ])
    // Who handed out an item, in the loot history.
    const loot = await getJson(admin, '/api/v1/history/loot')
    expect(loot.rows[0]).toMatchObject({ distributedByName: 'Bruxa Morgana', distributedByFormer: true })
    // And in the CSV files, in words.
    const csv = async (path: string) => (await admin.request('GET', path)).text()
    const activity = await csv('/api/v1/history/activity.csv')
    expect(activity).toContain(';Bruxa Morgana (ex-membro);Item criado;ITEM_CREATE;Espada;')
    expect(activity).toContain(';Ex-membro;Item editado;ITEM_UPDATE;')
    expect(activity).toContain(';Sistema;')
    expect(await csv('/api/v1/history/loot.csv')).toContain(';Bruxa Morgana (ex-membro);')
  })

  it('never shows another guild activity', async () => {
    const a = await buildGuild(ctx)
    const b = await buildGuild(ctx)
    await seedAudit(ctx, a.guild.id, [{ description: 'Only for A' }])
    const { total, rows } = await getJson(b.admin, '/api/v1/history/activity?search=Only')
    expect(total).toBe(0)
    expect(rows).toEqual([])
  })
})
