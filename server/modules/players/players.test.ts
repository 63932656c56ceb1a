import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Player } from '../../../contract/players'
import { lootHistory, players } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import { auditActions, buildQueue, call, queueNames, storedEntries } from '../queues/queue.test-support'

const ctx = await fileTestContext()

async function memberOfNewGuild() {
  const { guild, admin } = await buildGuild(ctx)
  return { guild, admin, member: await buildMember(ctx, { guildId: guild.id }) }
}

const playerRows = (guildId: string) =>
  ctx.database.db.select().from(players).where(eq(players.guildId, guildId))

describe('players', () => {
  it('lists every status by name (case-insensitive), only of the caller’s guild', async () => {
    const { guild, member } = await memberOfNewGuild()
    await buildPlayer(ctx, guild.id, { name: 'bruno', playerStatus: 'expelled' })
    await buildPlayer(ctx, guild.id, { name: 'Carla', playerStatus: 'inactive' })
    await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await buildPlayer(ctx, (await buildGuild(ctx)).guild.id, { name: 'Outsider' })
    const { players: list } = await call<{ players: Player[] }>(member, 'GET', '/players')
    expect(list.map((p) => [p.name, p.playerStatus, p.isActive])).toEqual([
      ['Ana', 'active', true],
      ['bruno', 'expelled', false],
      ['Carla', 'inactive', false],
    ])
  })

  it('creates a player (201): name trimmed, empty notes → null, active by default, audited', async () => {
    const { guild, member } = await memberOfNewGuild()
    const created = await call<Player>(member, 'POST', '/players', { name: '  Thorin ', notes: '  ' }, 201)
    expect(created).toMatchObject({ name: 'Thorin', notes: null, playerStatus: 'active', isActive: true })
    const withNotes = await call<Player>(
      member,
      'POST',
      '/players',
      { name: 'Gimli', notes: ' Tank ', playerStatus: 'inactive' },
      201,
    )
    expect(withNotes).toMatchObject({ notes: 'Tank', playerStatus: 'inactive', isActive: false })
    const [audit] = await auditRows(ctx, guild.id, 'PLAYER_CREATE')
    expect(audit).toMatchObject({ userId: member.user.id, tableName: 'players', recordId: created.id })
  })

  it('refuses a blank name, an unknown status or a too-long name with 400, creating nothing', async () => {
    const { guild, member } = await memberOfNewGuild()
    for (const body of [
      { name: '   ' },
      {},
      { name: 'X', playerStatus: 'banned' },
      { name: 'x'.repeat(81) },
    ]) {
      await expectError(await member.request('POST', '/api/v1/players', body), 400, 'VALIDATION_FAILED')
    }
    expect(await playerRows(guild.id)).toHaveLength(0)
    expect(await auditActions(ctx, guild.id)).toEqual([])
    // Each field's refusal is a code, in any language the caller reads (not a library's English).
    const long = await expectError(
      await member.request('POST', '/api/v1/players', { name: 'x'.repeat(81), notes: 'n'.repeat(1001) }),
      400,
      'VALIDATION_FAILED',
    )
    expect(long.error.fields).toEqual({ name: 'tooLong', notes: 'tooLong' })
  })

  it('refuses a name another player of the guild has, case and accents aside, on create and rename (409)', async () => {
    const { guild, member } = await memberOfNewGuild()
    const aeryn = await call<Player>(member, 'POST', '/players', { name: 'Aeryn' }, 201)
    const bruno = await call<Player>(member, 'POST', '/players', { name: 'Bruno' }, 201)
    // Another guild's Aeryn is no one's business here.
    await buildPlayer(ctx, (await buildGuild(ctx)).guild.id, { name: 'Bjorn' })
    await call<Player>(member, 'POST', '/players', { name: 'Bjorn' }, 201)
    const before = await playerRows(guild.id)
    for (const name of ['Aeryn', ' aeryn ', 'AÉRYN']) {
      const res = await member.request('POST', '/api/v1/players', { name })
      const body = await expectError(res, 409, 'PLAYER_NAME_TAKEN')
      expect(body.error.fields).toEqual({ name: 'PLAYER_NAME_TAKEN' })
    }
    await expectError(
      await member.request('PATCH', `/api/v1/players/${bruno.id}`, { name: 'aéryn' }),
      409,
      'PLAYER_NAME_TAKEN',
    )
    expect(await playerRows(guild.id)).toEqual(before)
    // A player's own name in another case is theirs to keep.
    await call<Player>(member, 'PATCH', `/players/${aeryn.id}`, { name: 'AERYN' })
  })

  it('leaves two players of one name made before the rule alone: their notes and status still change', async () => {
    const { guild, member } = await memberOfNewGuild()
    const first = await buildPlayer(ctx, guild.id, { name: 'Aeryn' })
    await buildPlayer(ctx, guild.id, { name: 'aeryn' })
    const edited = await call<Player>(member, 'PATCH', `/players/${first.id}`, {
      notes: 'alt',
      playerStatus: 'inactive',
    })
    expect(edited).toMatchObject({ name: 'Aeryn', notes: 'alt', playerStatus: 'inactive' })
  })

  it('patches only the fields given; a patch that changes nothing writes no audit row', async () => {
    const { guild, member } = await memberOfNewGuild()
    const p = await buildPlayer(ctx, guild.id, { name: 'Legolas', playerStatus: 'inactive', notes: 'archer' })
    const renamed = await call<Player>(member, 'PATCH', `/players/${p.id}`, { name: 'Legolas Greenleaf' })
    expect(renamed).toMatchObject({ name: 'Legolas Greenleaf', playerStatus: 'inactive', notes: 'archer' })
    const cleared = await call<Player>(member, 'PATCH', `/players/${p.id}`, { notes: '' })
    expect(cleared.notes).toBeNull()
    await call<Player>(member, 'PATCH', `/players/${p.id}`, { name: 'Legolas Greenleaf' })
    expect(await auditRows(ctx, guild.id, 'PLAYER_UPDATE')).toHaveLength(2)
  })

  it('an inactive or expelled player leaves the queues with the entry kept; active again, back in place', async () => {
    const q = await buildQueue(ctx)
    const bruno = q.entryOf('Bruno')
    for (const status of ['inactive', 'expelled'] as const) {
      const updated = await call<Player>(q.member, 'PATCH', `/players/${bruno.playerId}`, {
        playerStatus: status,
      })
      expect(updated.isActive).toBe(false)
      expect(await queueNames(q)).toEqual(['Ana', 'Caio', 'Duda'])
      expect(await storedEntries(ctx, q.item.id)).toHaveLength(4)
    }
    await call<Player>(q.member, 'PATCH', `/players/${bruno.playerId}`, { playerStatus: 'active' })
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Caio', 'Duda'])
  })

  it('deletes a player (204): entries go, every queue closes ranks, history keeps the name', async () => {
    const q = await buildQueue(ctx)
    const otherItem = await buildItem(ctx, q.guild.id)
    await call(q.member, 'POST', `/items/${otherItem.id}/queue/add-all`)
    const bruno = q.entryOf('Bruno')
    await call(q.member, 'POST', `/queue-entries/${bruno.id}/received`)
    await call(q.member, 'DELETE', `/players/${bruno.playerId}`, undefined, 204)

    for (const itemId of [q.item.id, otherItem.id]) {
      const stored = await storedEntries(ctx, itemId)
      expect(stored.map((e) => e.queuePosition)).toEqual([1, 2, 3])
      expect(stored.some((e) => e.playerId === bruno.playerId)).toBe(false)
    }
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toMatchObject({ playerId: null, playerName: 'Bruno' })
    const [audit] = await auditRows(ctx, q.guild.id, 'PLAYER_DELETE')
    expect(audit).toMatchObject({ recordId: bruno.playerId, description: 'Bruno' })
  })

  it("another guild's player or an unknown id is 404 and nothing changes; malformed id 400", async () => {
    const { guild } = await memberOfNewGuild()
    const target = await buildPlayer(ctx, guild.id, { name: 'Target' })
    const stranger = (await memberOfNewGuild()).member
    for (const id of [target.id, '00000000-0000-4000-8000-000000000000']) {
      for (const [method, body] of [
        ['PATCH', { name: 'Hacked' }],
        ['DELETE', undefined],
      ] as const) {
        await expectError(await stranger.request(method, `/api/v1/players/${id}`, body), 404, 'NOT_FOUND')
      }
    }
    expect((await stranger.request('DELETE', '/api/v1/players/123')).status).toBe(400)
    expect((await playerRows(guild.id)).map((p) => p.name)).toEqual(['Target'])
    expect(await auditActions(ctx, guild.id)).toEqual([])
  })

  it('needs a signed-in member of a guild', async () => {
    expect((await ctx.app.request('/api/v1/players')).status).toBe(401)
    const loner = await buildMember(ctx, { guildId: null })
    await expectError(await loner.request('GET', '/api/v1/players'), 403, 'NO_GUILD')
  })

  it('members and admins alike manage players', async () => {
    const { admin } = await memberOfNewGuild()
    await call<Player>(admin, 'POST', '/players', { name: 'By admin' }, 201)
  })
})
