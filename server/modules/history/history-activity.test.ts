import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
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

  it('count days on the reader clock', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [
      { distributedAt: new Date('2024-07-01T22:00:00Z') },
      { distributedAt: new Date('2024-07-02T01:00:00Z') },
    ])
    expect((await getJson(admin, '/api/v1/history/stats?tz=UTC')).activeDays).toBe(2)
    // 19:00 and 22:00 on 1 July in São Paulo: one raid night, one day.
    expect((await getJson(admin, '/api/v1/history/stats?tz=America%2FSao_Paulo')).activeDays).toBe(1)
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

  it('never shows another guild activity', async () => {
    const a = await buildGuild(ctx)
    const b = await buildGuild(ctx)
    await seedAudit(ctx, a.guild.id, [{ description: 'Only for A' }])
    const { total, rows } = await getJson(b.admin, '/api/v1/history/activity?search=Only')
    expect(total).toBe(0)
    expect(rows).toEqual([])
  })
})
