import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Player } from '../../../contract/players'
import { players } from '../../db/schema'
import { auditRows } from '../../test/audit-rows'
import { expectError } from '../../test/expect-error'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { call } from '../queues/queue.test-support'
import { createRanks } from '../ranks/ranks.test-support'

// Several players added at once (a roster pasted one name per line): all or nothing, the names checked as one
// player's name is (case and accents aside), among themselves too.

const ctx = await fileTestContext()

async function memberOfNewGuild() {
  const { guild, admin } = await buildGuild(ctx)
  return { guild, admin, member: await buildMember(ctx, { guildId: guild.id }) }
}

const namesOf = async (guildId: string) =>
  (await ctx.database.db.select().from(players).where(eq(players.guildId, guildId)))
    .map((row) => row.name)
    .sort()

describe('adding several players at once', () => {
  it('adds them in one change (201): trimmed, active, the rank given, one audit row each', async () => {
    const { guild, admin, member } = await memberOfNewGuild()
    const [raider] = await createRanks(admin, ['Raider'])
    const { players: added } = await call<{ players: Player[] }>(
      member,
      'POST',
      '/players-batch',
      { names: [' Aeryn ', 'Thoradin', 'Lyssa'], rankId: raider!.id },
      201,
    )
    expect(added.map((p) => [p.name, p.playerStatus, p.rankId])).toEqual([
      ['Aeryn', 'active', raider!.id],
      ['Thoradin', 'active', raider!.id],
      ['Lyssa', 'active', raider!.id],
    ])
    const audit = await auditRows(ctx, guild.id, 'PLAYER_CREATE')
    expect(audit.map((row) => row.recordId).sort()).toEqual(added.map((p) => p.id).sort())
    const { players: none } = await call<{ players: Player[] }>(
      member,
      'POST',
      '/players-batch',
      { names: ['Korvash'] },
      201,
    )
    expect(none[0]!.rankId).toBeNull()
  })

  it('refuses the whole list when names are taken or repeated, case and accents aside, naming them all', async () => {
    const { guild, member } = await memberOfNewGuild()
    await buildPlayer(ctx, guild.id, { name: 'Élowen' })
    const res = await member.request('POST', '/api/v1/players-batch', {
      names: ['Garrosh', 'elowen', 'Tiko', 'GARROSH'],
    })
    const body = await expectError(res, 409, 'PLAYER_NAMES_TAKEN')
    expect(body.error.message).toContain('elowen, GARROSH')
    expect(await namesOf(guild.id)).toEqual(['Élowen'])
    expect(await auditRows(ctx, guild.id, 'PLAYER_CREATE')).toEqual([])
  })

  it("keeps a name on one line: a pasted row's tab (two spreadsheet cells) becomes a space, and is that name", async () => {
    const { guild, member } = await memberOfNewGuild()
    const res = await member.request('POST', '/api/v1/players-batch', {
      names: ['Heitor\tHealer', 'Ana  \u00a0Bia'],
    })
    expect(res.status).toBe(201)
    expect(await namesOf(guild.id)).toEqual(['Ana Bia', 'Heitor Healer'])
    // Typed with a plain space, it is the same player, not a second one that looks alike.
    const again = await member.request('POST', '/api/v1/players', { name: 'Heitor Healer' })
    await expectError(again, 409, 'PLAYER_NAME_TAKEN')
    expect(await namesOf(guild.id)).toEqual(['Ana Bia', 'Heitor Healer'])
  })

  it('refuses bad input with 400 and adds nothing: no names, a blank or too-long name, over 100 names', async () => {
    const { guild, member } = await memberOfNewGuild()
    const many = Array.from({ length: 101 }, (_, i) => `Player ${i}`)
    for (const names of [[], ['Ana', '  '], ['x'.repeat(81)], many]) {
      await expectError(
        await member.request('POST', '/api/v1/players-batch', { names }),
        400,
        'VALIDATION_FAILED',
      )
    }
    expect(await namesOf(guild.id)).toEqual([])
  })

  it("refuses another guild's rank with 404 and adds nothing", async () => {
    const { guild, member } = await memberOfNewGuild()
    const other = await buildGuild(ctx)
    const [theirs] = await createRanks(other.admin, ['Officer'])
    await expectError(
      await member.request('POST', '/api/v1/players-batch', { names: ['Ana'], rankId: theirs!.id }),
      404,
      'RANK_NOT_FOUND',
    )
    expect(await namesOf(guild.id)).toEqual([])
  })

  it('needs a member of a guild', async () => {
    const loner = await buildMember(ctx, { guildId: null })
    await expectError(
      await loner.request('POST', '/api/v1/players-batch', { names: ['Ana'] }),
      403,
      'NO_GUILD',
    )
  })
})
