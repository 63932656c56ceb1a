import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ImportPreview } from '../../../contract/imports'
import { lootHistory, playerQueues, players } from '../../db/schema'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { csv, preview, runImport, type TestFile } from './imports.test-support'

// What the preview says without stopping the import (docs/decisions/012-imports-and-player-page.md, "Warnings"):
// a player named again with the same data is imported once; cells beyond the header are not imported. A player
// named again with other data is a problem naming the first row.

const ctx = await fileTestContext()

const roster = csv('jogadores.csv', [
  'Nome;Observações;Status;Fila: Espada',
  'Ana;Tanque;Ativo;1',
  'Bia;;Ativo;2',
  'ANA;Tanque;Ativo;1',
  'Caio;;Ativo;3;sobra;mais',
  'Bia;Cura;Ativo;2',
  // A separator at the line's end leaves an empty cell: nothing is lost, nothing to say.
  'Davi;;Ativo;;',
  'Ana;Tanque;Ativo;1;x',
])
const sameRoster = csv('jogadores.csv', [
  'Nome;Observações;Status;Fila: Espada',
  'Ana;Tanque;Ativo;1',
  'Bia;;Ativo;2',
  'Ana;Tanque;Ativo;1',
  'Caio;;Ativo;3;sobra',
])
const itemsFile = csv('itens.csv', ['Nome;Raridade', 'Espada;Épico'])
const moreAna = csv('outros.csv', ['Nome;Observações;Status;Fila: Espada', 'Ana;Tanque;Ativo;1'])

const english = async (actor: Awaited<ReturnType<typeof buildGuild>>['admin'], files: TestFile[]) => {
  const res = await actor.request(
    'POST',
    '/api/v1/guild/import/preview',
    { files },
    { 'accept-language': 'en' },
  )
  return (await res.json()) as ImportPreview
}

describe('a player named twice', () => {
  it('with other data is a problem naming the first row; with the same data a warning naming every row', async () => {
    const { admin } = await buildGuild(ctx)
    const { status, body } = await preview(admin, [itemsFile, roster])
    expect(status).toBe(200)
    // Different case is other data: which spelling would the guild keep? Said once per player, not again
    // for each queue the row gives them a place in (an outside test: 25 lines more for 25 queues).
    expect(body.problems.map((p) => [p.line, p.code, p.value, p.message])).toEqual([
      [
        4,
        'duplicatePlayer',
        'ANA',
        'Jogador repetido com dados diferentes: ANA (também em jogadores.csv: linha 2). Deixe uma linha só para ele, com os dados certos.',
      ],
      [
        6,
        'duplicatePlayer',
        'Bia',
        'Jogador repetido com dados diferentes: Bia (também em jogadores.csv: linha 3). Deixe uma linha só para ele, com os dados certos.',
      ],
    ])
    expect(body.warnings.map((w) => [w.code, w.value, w.places.map((p) => p.line), w.message])).toEqual([
      [
        'repeatedPlayer',
        'Ana',
        [2, 8],
        '“Ana” aparece mais de uma vez com os mesmos dados (jogadores.csv: linhas 2 e 8): será importado uma vez.',
      ],
      [
        'extraCells',
        null,
        [5, 8],
        'Há células além das colunas do cabeçalho (jogadores.csv: linhas 5 e 8): essas células não serão importadas.',
      ],
    ])
    const en = await english(admin, [itemsFile, roster])
    expect(en.problems[0]!.message).toBe(
      'Player repeated with different data: ANA (also at jogadores.csv: line 2). Keep one row for them, with the right data.',
    )
    expect(en.warnings.map((w) => w.message)).toEqual([
      '“Ana” appears more than once with the same data (jogadores.csv: lines 2 and 8): it will be imported once.',
      "Some rows have cells beyond the header's columns (jogadores.csv: lines 5 and 8): those cells will not be imported.",
    ])
    // Nothing is written while a problem remains.
    expect((await runImport(admin, [itemsFile, roster])).status).toBe(422)
  })

  it('again as it was, in another file too, is imported once with its one queue place', async () => {
    const { admin, guild } = await buildGuild(ctx)
    const { body } = await preview(admin, [itemsFile, sameRoster, moreAna])
    expect(body.problems).toEqual([])
    expect(body.counts.players).toEqual({ create: 3, existing: 0 })
    expect(body.counts.queueEntries).toEqual({ create: 3, existing: 0 })
    expect(body.warnings.map((w) => w.message)).toEqual([
      '“Ana” aparece mais de uma vez com os mesmos dados (jogadores.csv: linhas 2 e 4; outros.csv: linha 2): será importado uma vez.',
      'Há células além das colunas do cabeçalho (jogadores.csv: linha 5): essas células não serão importadas.',
    ])
    expect((await runImport(admin, [itemsFile, sameRoster, moreAna])).status).toBe(200)
    const names = await ctx.database.db
      .select({ name: players.name, notes: players.notes })
      .from(players)
      .where(eq(players.guildId, guild.id))
    expect(names.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Ana', notes: 'Tanque' },
      { name: 'Bia', notes: null },
      { name: 'Caio', notes: null },
    ])
    const entries = await ctx.database.db
      .select()
      .from(playerQueues)
      .where(eq(playerQueues.guildId, guild.id))
    expect(entries).toHaveLength(3)
  })

  it('in a guild export under two ids, the same data: imported once, and records of either id point at it', async () => {
    const { admin, guild } = await buildGuild(ctx)
    const player = { name: 'Zed', notes: 'Mago', playerStatus: 'active' }
    const entry = {
      itemId: 'i1',
      queuePosition: 1,
      attendanceStatus: 'pending',
      timesReceived: 0,
      timesAbsent: 0,
    }
    const file: TestFile = {
      name: 'guild.json',
      content: JSON.stringify({
        format: 'lootqueue-guild-export/1',
        players: [
          { id: 'p1', ...player },
          { id: 'p2', ...player },
        ],
        items: [{ id: 'i1', name: 'Lança', isPublicVisible: true }],
        queues: [
          { ...entry, playerId: 'p1' },
          { ...entry, playerId: 'p2' },
        ],
        lootHistory: [
          {
            itemId: 'i1',
            playerId: 'p2',
            itemName: 'Lança',
            playerName: 'Zed',
            distributedAt: '2026-12-01T22:00:00Z',
          },
        ],
      }),
    }
    const { body } = await preview(admin, [file])
    expect(body.problems).toEqual([])
    expect(body.warnings.map((w) => w.message)).toEqual([
      '“Zed” aparece mais de uma vez com os mesmos dados (guild.json: Jogadores nº 1 e 2): será importado uma vez.',
    ])
    expect((await runImport(admin, [file])).status).toBe(200)
    const [zed, ...others] = await ctx.database.db.select().from(players).where(eq(players.guildId, guild.id))
    expect(others).toEqual([])
    const [receipt] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, guild.id))
    expect(receipt!.playerId).toBe(zed!.id)
    expect(
      await ctx.database.db.select().from(playerQueues).where(eq(playerQueues.guildId, guild.id)),
    ).toHaveLength(1)
  })
})

describe('cells beyond the header', () => {
  it('name the first 20 lines and count the rest, in one warning per file', async () => {
    const { admin } = await buildGuild(ctx)
    const names = Array.from({ length: 25 }, (_, i) => `Jogador ${i + 1};;Ativo;sobra`)
    const file = csv('jogadores.csv', ['Nome;Observações;Status', ...names])
    const { body } = await preview(admin, [file])
    expect(body.problems).toEqual([])
    expect(body.counts.players).toEqual({ create: 25, existing: 0 })
    const lines = Array.from({ length: 20 }, (_, i) => i + 2)
    expect(body.warnings.map((w) => [w.code, w.places.length, w.message])).toEqual([
      [
        'extraCells',
        25,
        `Há células além das colunas do cabeçalho (jogadores.csv: linhas ${lines.join(', ')} e mais 5): essas células não serão importadas.`,
      ],
    ])
    expect((await english(admin, [file])).warnings[0]!.message).toBe(
      `Some rows have cells beyond the header's columns (jogadores.csv: lines ${lines.join(', ')}, and 5 more): those cells will not be imported.`,
    )
  })
})
