import { describe, expect, it } from 'vitest'
import type { Player } from '../../../contract/players'
import type { Rank } from '../../../contract/ranks'
import { buildGuild, buildPlayer, type Actor } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { api, createRanks } from '../ranks/ranks.test-support'
import { csv, guildRowCounts, importedCounts, preview, runImport } from './imports.test-support'

// A players CSV's rank column (docs/product-rules.md, "Ranks"): a name of one of the guild's ranks, matched
// as rank names are (case and accents aside), or of a rank the import's guild export creates; any other name
// is a problem of its line, and nothing is imported; an empty cell is no rank.

const ctx = await fileTestContext()

async function guildWithRanks() {
  const { guild, admin } = await buildGuild(ctx)
  const ranks = await createRanks(admin, ['Raider', 'Trial', 'Social'])
  return { guild, admin, ranks }
}

/** Each player's rank by name ('' for none), in name order. */
async function rosterRanks(admin: Actor, ranks: Rank[]) {
  const names = new Map(ranks.map((r) => [r.id, r.name]))
  const { players } = await api<{ players: Player[] }>(admin, 'GET', '/players')
  return players.map((p) => [p.name, p.rankId ? names.get(p.rankId) : ''])
}

describe('a players CSV with a rank column', () => {
  it('gives each new player the rank named, case and accents aside; an empty cell is no rank', async () => {
    const { admin, ranks } = await guildWithRanks()
    const file = csv('roster.csv', [
      'Name;Notes;Status;Rank',
      'Ana;Tank;Active;Raider',
      'Bruno;;Active;trial',
      'Caio;;Inactive;SÓCIAL',
      'Duda;;Active;',
    ])
    const { body } = await preview(admin, [file])
    expect(body.problems).toEqual([])
    expect(body.files[0]!.ignoredColumns).toEqual([])
    // The preview's first rows name each rank as the guild spells it, so the column is checked before
    // anything is written (outside tester J could not).
    expect(body.sample.players.map((p) => [p.name, p.rankName])).toEqual([
      ['Ana', 'Raider'],
      ['Bruno', 'Trial'],
      ['Caio', 'Social'],
      ['Duda', null],
    ])
    expect(await importedCounts(admin, [file])).toMatchObject({
      ranks: { create: 0, existing: 0 },
      players: { create: 4, existing: 0 },
    })
    expect(await rosterRanks(admin, ranks)).toEqual([
      ['Ana', 'Raider'],
      ['Bruno', 'Trial'],
      ['Caio', 'Social'],
      ['Duda', ''],
    ])
  })

  it('reads the column under Portuguese headers as "Cargo" or "Rank"', async () => {
    const { admin, ranks } = await guildWithRanks()
    const files = [
      csv('jogadores.csv', ['Nome;Observações;Status;Cargo', 'Ana;;Ativo;Raider']),
      csv('membros.csv', ['Nome;Status;Rank', 'Bruno;Ativo;Trial']),
    ]
    const { body } = await preview(admin, files)
    expect(body.problems).toEqual([])
    expect(body.files.map((f) => [f.kind, f.ignoredColumns])).toEqual([
      ['players', []],
      ['players', []],
    ])
    await importedCounts(admin, files)
    expect(await rosterRanks(admin, ranks)).toEqual([
      ['Ana', 'Raider'],
      ['Bruno', 'Trial'],
    ])
  })

  it('an unknown rank is a problem naming its line and value, in the reader’s language; nothing is imported', async () => {
    const { guild, admin } = await guildWithRanks()
    const file = csv('roster.csv', ['Name;Status;Rank', 'Ana;Active;Raider', 'Bruno;Active;Raidr'])
    const { body } = await preview(admin, [file])
    expect(body.problems.map((p) => [p.line, p.code, p.field, p.value])).toEqual([
      [3, 'unknownRankName', 'Rank', 'Raidr'],
    ])
    expect(body.problems[0]!.message).toBe(
      'Cargo desconhecido: "Raidr" (não está na guild nem na importação). Crie-o na página da guild ou deixe a célula vazia.',
    )
    const english = await admin.request(
      'POST',
      '/api/v1/guild/import/preview',
      { files: [file] },
      { 'accept-language': 'en' },
    )
    expect((await english.json()).problems[0].message).toBe(
      'Unknown rank: "Raidr" (neither in the guild nor in the import). Create it on the guild page, or leave the cell empty.',
    )
    const before = await guildRowCounts(ctx, guild.id)
    const { status, body: refused } = await runImport(admin, [file])
    expect(status).toBe(422)
    expect(refused.error.code).toBe('IMPORT_HAS_PROBLEMS')
    expect(await guildRowCounts(ctx, guild.id)).toEqual(before)
  })

  it('a guild without ranks: any rank named is unknown', async () => {
    const { admin } = await buildGuild(ctx)
    const { body } = await preview(admin, [csv('roster.csv', ['Nome;Cargo', 'Ana;Raider', 'Bruno;'])])
    expect(body.problems.map((p) => [p.line, p.code, p.value])).toEqual([[2, 'unknownRankName', 'Raider']])
  })

  it('a player already in the guild keeps their rank, as they keep every other field', async () => {
    const { guild, admin, ranks } = await guildWithRanks()
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await api(admin, 'PUT', '/players-rank', { playerIds: [ana.id], rankId: ranks[1]!.id })
    const counts = await importedCounts(admin, [
      csv('roster.csv', ['Name;Rank', 'ana;Raider', 'Bruno;Social']),
    ])
    expect(counts.players).toEqual({ create: 1, existing: 1 })
    expect(await rosterRanks(admin, ranks)).toEqual([
      ['Ana', 'Trial'],
      ['Bruno', 'Social'],
    ])
  })

  it('names a rank the guild export of the same import creates', async () => {
    const { admin } = await buildGuild(ctx)
    const exported = {
      name: 'guild.json',
      content: JSON.stringify({
        format: 'lootqueue-guild-export/1',
        ranks: [{ id: 'r1', name: 'Officer', level: 0 }],
        players: [],
        items: [],
      }),
    }
    const roster = csv('roster.csv', ['Name;Rank', 'Ana;officer'])
    const counts = await importedCounts(admin, [exported, roster])
    expect(counts.ranks).toEqual({ create: 1, existing: 0 })
    const ranks = (await api<{ ranks: Rank[] }>(admin, 'GET', '/ranks')).ranks
    expect(await rosterRanks(admin, ranks)).toEqual([['Ana', 'Officer']])
  })
})
