import { describe, expect, it } from 'vitest'
import { IMPORT_PROBLEM_CODES, type ImportProblem } from '../../../contract/imports'
import { ITEM_NAME_MAX } from '../../../contract/items'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { insertNight } from '../raid-nights/raid-nights.queries'
import {
  csv,
  guildRowCounts,
  preview,
  runImport,
  type TestFile,
  importedCounts,
} from './imports.test-support'

const ctx = await fileTestContext()

const items = csv('itens.csv', [
  'Name,Description,Rarity,Type,Public',
  'Espada,Sharp,Epic,Weapon,yes',
  'Arco,,Mythic,,yes',
  'Escudo,,Rare,,maybe',
  'espada,,,,',
  `${'x'.repeat(ITEM_NAME_MAX + 1)},,,,`,
  'Sino\u0007,,,,',
])
const players = csv('jogadores.csv', [
  'Nome;Observações;Status;Fila: Espada;Fila: Machado',
  'Ana;Tanque;Ativo;1;',
  ';sem nome;Ativo;;',
  'Ana;de novo;Ativo;;',
  'Bruno;;Sumido;2;',
  'Caio;;Ativo;x;',
  'Davi;;Ativo;1;',
  'Eva;;Ativo;;3',
])
const history = csv('historico.csv', [
  'Data;Item;Jogador;Observações',
  '2024-05-01 20:00;Espada;Ana;ok',
  '2024-05-01 20:00;Espada;Ana;de novo',
  '31/02/2024 20:00;Espada;Ana;',
  '2024-05-02 20:00;Cajado;Ana;',
  '2024-05-03 20:00;Espada;Zeca;',
  '"2024-05-04 20:00";"Espada";"Ana";"nota com',
  'duas linhas"',
  '2024-05-05 20:00;Espada;Yuri;',
])

const guildExport = (rows: Record<string, unknown[]>): TestFile => ({
  name: 'guild.json',
  content: JSON.stringify({ format: 'lootqueue-guild-export/1', players: [], items: [], ...rows }),
})
const exportFile = guildExport({
  players: [{ id: 'p1', name: 'Zed', notes: null, playerStatus: 'active' }],
  items: [
    { id: 'i1', name: 'Lança', description: null, rarity: null, itemType: null, isPublicVisible: true },
  ],
  queues: [
    {
      itemId: 'i1',
      playerId: 'p1',
      queuePosition: 1,
      attendanceStatus: 'pending',
      timesReceived: 0,
      timesAbsent: 0,
    },
    {
      itemId: 'i1',
      playerId: 'p1',
      queuePosition: 2,
      attendanceStatus: 'pending',
      timesReceived: 0,
      timesAbsent: 0,
    },
    {
      itemId: 'i1',
      playerId: 'p2',
      queuePosition: 3,
      attendanceStatus: 'pending',
      timesReceived: -1,
      timesAbsent: 0,
    },
  ],
})
/** Raid nights and marks of an export, each list with its problems (docs/decisions/012, "Raid nights"). */
/** Ranks (docs/decisions/018-ranks.md): a name twice, past the limit of 20, a player and an item pointing at none. */
const ranksFile = guildExport({
  ranks: [
    { id: 'r0', name: 'Raider', level: 0 },
    { id: 'r1', name: 'RAIDER', level: 1 },
    ...Array.from({ length: 20 }, (_, i) => ({ id: `x${i}`, name: `Rank ${i}`, level: i + 2 })),
  ],
  players: [
    { id: 'p1', name: 'Zed', notes: null, playerStatus: 'active', rankId: 'r0' },
    { id: 'p2', name: 'Yan', notes: null, playerStatus: 'active', rankId: 'rX' },
  ],
  items: [{ id: 'i1', name: 'Lança', isPublicVisible: true, minRankId: 'rY' }],
})

const nightsFile = guildExport({
  players: [{ id: 'p1', name: 'Zed', notes: null, playerStatus: 'active' }],
  items: [{ id: 'i1', name: 'Lança', isPublicVisible: true }],
  raidNights: [
    { id: 'n1', name: 'Raid', startsAt: '2026-12-10T23:00:00Z', endsAt: '2026-12-11T02:00:00Z' },
    // The same night: case aside, and the same second.
    { id: 'n2', name: 'RAID', startsAt: '2026-12-10T23:00:00.400Z', status: 'active' },
    { id: 'n3', name: 'Raid', startsAt: '2026-12-11T23:00:00Z', endsAt: '2026-12-11T22:00:00Z' },
    { id: 'n4', name: 'Raid', startsAt: '2026-12-12T23:00:00Z', status: 'postponed' },
  ],
  raidNightAttendance: [
    { raidNightId: 'n1', playerId: 'p1', status: 'present' },
    { raidNightId: 'nX', playerId: 'p1', status: 'present' },
    { raidNightId: 'n1', playerId: 'pX', status: 'late' },
    { raidNightId: 'n1', playerId: 'p1', status: 'bench' },
    { raidNightId: 'n1', playerId: 'p1', status: 'asleep' },
  ],
  lootHistory: [
    {
      itemId: 'i1',
      playerId: 'p1',
      itemName: 'Lança',
      playerName: 'Zed',
      distributedAt: '2026-12-10T23:30:00Z',
      eventId: 'nX',
    },
  ],
})
/** Active nights over each other, and one over the guild's night of 2027-01-15 (guildNight, below). */
const overlapFile = guildExport({
  raidNights: [
    { id: 'o1', name: 'Um', startsAt: '2027-01-07T23:00:00Z', endsAt: '2027-01-08T02:00:00Z' },
    { id: 'o2', name: 'Dois', startsAt: '2027-01-08T01:00:00Z' },
    { id: 'o3', name: 'Três', startsAt: '2027-01-14T23:00:00Z', endsAt: '2027-01-15T02:00:00Z' },
  ],
})
/** The guild's time zone and no-show rule as the raid-night settings form would refuse them. */
const nightSettingsFile: TestFile = {
  name: 'guild.json',
  content: JSON.stringify({
    format: 'lootqueue-guild-export/1',
    guild: { timeZone: 'Mars/Olympus', noShowRule: 'kick' },
  }),
}
const guildNight = {
  name: 'Da guild',
  description: null,
  startsAt: new Date('2027-01-15T00:00:00Z'),
  endsAt: null,
}
const wholeFiles: TestFile[] = [
  { name: 'latin1.csv', content: 'Nome;Status\r\nJo\uFFFDo;Ativo\r\n' },
  { name: 'vazio.csv', content: '\uFEFF' },
  csv('outro.csv', ['Foo;Bar', '1;2']),
  csv('sem-jogador.csv', ['Data;Item', '2024-01-01;Espada']),
  { name: 'quebrado.json', content: '{"format": "lootqueue-guild-export/1", "players": [' },
]

const where = (p: ImportProblem) => [p.file, p.line ?? `${p.section} #${p.index}`, p.code]

describe('the preview lists every problem with its line', () => {
  it('players, items and history rows, across files, in file and line order', async () => {
    const { admin } = await buildGuild(ctx)
    const { status, body } = await preview(admin, [items, players, history])
    expect(status).toBe(200)
    expect(body.problems.map(where)).toEqual([
      ['itens.csv', 3, 'unknownRarity'],
      ['itens.csv', 4, 'invalidVisibility'],
      ['itens.csv', 5, 'duplicateItem'],
      ['itens.csv', 6, 'tooLong'],
      ['itens.csv', 7, 'controlCharacters'],
      ['jogadores.csv', 3, 'missingName'],
      ['jogadores.csv', 4, 'duplicatePlayer'],
      ['jogadores.csv', 5, 'unknownStatus'],
      ['jogadores.csv', 6, 'invalidPosition'],
      ['jogadores.csv', 7, 'duplicatePosition'],
      ['jogadores.csv', 8, 'unknownItem'],
      ['historico.csv', 3, 'duplicateHistory'],
      ['historico.csv', 4, 'invalidDate'],
      ['historico.csv', 5, 'unknownItem'],
      ['historico.csv', 6, 'unknownPlayer'],
      // After a quoted note over two lines (7 and 8).
      ['historico.csv', 9, 'unknownPlayer'],
    ])
    expect(body.problemCount).toBe(16)
    const reasons = Object.fromEntries(body.problems.map((p) => [`${p.file}:${p.line}`, p.message]))
    expect(reasons['itens.csv:3']).toBe('Raridade desconhecida: "Mythic".')
    // A text too long says how much the field takes: the contract's maximum.
    expect(reasons['itens.csv:6']).toBe(`Texto longo demais em Name: no máximo ${ITEM_NAME_MAX} caracteres.`)
    // Named again (case aside): the import cannot choose, and says where the first one is.
    expect(reasons['itens.csv:5']).toBe(
      'Item repetido na importação: espada (também em itens.csv: linha 2). Deixe uma linha só para ele.',
    )
    expect(reasons['jogadores.csv:4']).toBe(
      'Jogador repetido com dados diferentes: Ana (também em jogadores.csv: linha 2). Deixe uma linha só para ele, com os dados certos.',
    )
    expect(reasons['jogadores.csv:6']).toBe(
      'Posição inválida em Fila: Espada: "x" (use um número inteiro a partir de 1).',
    )
    expect(reasons['historico.csv:5']).toBe(
      'Item desconhecido: "Cajado" (não está na guild nem na importação).',
    )
    // The rest is still counted: what would be added if the problems were fixed.
    expect(body.counts.items).toEqual({ create: 1, existing: 0 })
    expect(body.counts.players).toEqual({ create: 4, existing: 0 })
  })

  it('in the language of the request', async () => {
    const { admin } = await buildGuild(ctx)
    const res = await admin.request(
      'POST',
      '/api/v1/guild/import/preview',
      { files: [items] },
      { 'accept-language': 'en-US' },
    )
    const body = await res.json()
    expect(body.problems[0]).toMatchObject({ line: 3, message: 'Unknown rarity: "Mythic".' })
  })

  it('whole files that cannot be read: not UTF-8, empty, unknown columns, a missing column, broken JSON', async () => {
    const { admin } = await buildGuild(ctx)
    const { status, body } = await preview(admin, wholeFiles)
    expect(status).toBe(200)
    expect(body.problems.map((p) => [p.file, p.line, p.code, p.field])).toEqual([
      ['latin1.csv', 2, 'notUtf8', null],
      ['vazio.csv', 1, 'emptyFile', null],
      ['outro.csv', 1, 'unknownColumns', null],
      ['sem-jogador.csv', 1, 'missingColumn', 'player'],
      ['quebrado.json', null, 'invalidJson', null],
    ])
    expect(body.problems[3]!.message).toBe('Falta a coluna jogador.')
    expect(body.files.map((f) => f.kind)).toEqual([null, null, null, 'history', null])
  })

  it('JSON records by list and number: a repeated queue entry, an invalid value, an unknown format', async () => {
    const { admin } = await buildGuild(ctx)
    const { body } = await preview(admin, [exportFile, { name: 'other.json', content: '{"players": []}' }])
    expect(body.problems.map(where)).toEqual([
      ['guild.json', 'queues #2', 'duplicateQueueEntry'],
      ['guild.json', 'queues #3', 'invalidRecord'],
      ['other.json', 'null #null', 'unknownFormat'],
    ])
    expect(body.problems[1]).toMatchObject({
      field: 'timesReceived',
      message: 'Valor inválido em vezes que recebeu.',
    })
  })

  it('raid nights and marks by list and number: unknown night or player, repeats, times, statuses', async () => {
    const { admin } = await buildGuild(ctx)
    const { body } = await preview(admin, [nightsFile])
    expect(body.problems.map((p) => [...where(p), p.field, p.value])).toEqual([
      ['guild.json', 'raidNights #2', 'duplicateRaidNight', null, 'RAID · 2026-12-10T23:00:00.400Z'],
      ['guild.json', 'raidNights #3', 'invalidTimes', 'endsAt', '2026-12-11T22:00:00Z'],
      ['guild.json', 'raidNights #4', 'unknownStatus', 'status', 'postponed'],
      ['guild.json', 'raidNightAttendance #2', 'unknownRaidNight', 'raidNightId', 'nX'],
      ['guild.json', 'raidNightAttendance #3', 'unknownPlayer', 'playerId', 'pX'],
      ['guild.json', 'raidNightAttendance #4', 'duplicateAttendance', null, 'Raid · Zed'],
      ['guild.json', 'raidNightAttendance #5', 'unknownStatus', 'status', 'asleep'],
      ['guild.json', 'lootHistory #1', 'unknownRaidNight', 'eventId', 'nX'],
    ])
    const messages = (list: ImportProblem[]) => list.slice(3, 6).map((p) => p.message)
    expect(messages(body.problems)).toEqual([
      'Evento desconhecido: "nX" (não está na importação).',
      'Jogador desconhecido: "pX" (não está na guild nem na importação).',
      'Presença repetida na importação: Raid · Zed.',
    ])
    const res = await admin.request(
      'POST',
      '/api/v1/guild/import/preview',
      { files: [nightsFile] },
      { 'accept-language': 'en' },
    )
    expect(messages((await res.json()).problems)).toEqual([
      'Unknown event: "nX" (not in the import).',
      'Unknown player: "pX" (neither in the guild nor in the import).',
      'Attendance repeated in the import: Raid · Zed.',
    ])
    expect(body.problems[1]!.message).toBe(
      'O evento deve terminar depois de começar, em até 24 horas: "2026-12-11T22:00:00Z".',
    )
    // The rest is still counted: the first night and its first mark.
    expect(body.counts.raidNights).toEqual({ create: 1, existing: 0 })
    expect(body.counts.attendance).toEqual({ create: 1, existing: 0 })
  })

  it('ranks: a name twice, past 20 with the guild’s, and a player or an item naming a rank the file lacks', async () => {
    const { admin } = await buildGuild(ctx)
    await admin.request('POST', '/api/v1/ranks', { name: 'Officer' })
    const { body } = await preview(admin, [ranksFile])
    expect(body.problems.map((p) => [...where(p), p.field, p.value])).toEqual([
      ['guild.json', 'ranks #2', 'duplicateRank', null, 'RAIDER'],
      // The guild's Officer and Raider leave room for 18 of the file's: its 19th new rank does not fit.
      ['guild.json', 'ranks #21', 'tooManyRanks', null, 'Rank 18'],
      ['guild.json', 'players #2', 'unknownRank', 'rankId', 'rX'],
      ['guild.json', 'items #1', 'unknownRank', 'minRankId', 'rY'],
    ])
    expect(body.problems[0]!.message).toMatch(
      /^Cargo repetido na importação: RAIDER \(também em guild\.json: .+\)\. Deixe um só\.$/,
    )
    expect(body.problems.slice(2).map((p) => p.message)).toEqual([
      'Cargo desconhecido: "rX" (não está na importação).',
      'Cargo desconhecido: "rY" (não está na importação).',
    ])
  })

  it('covers every problem kind the contract lists', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await insertNight(ctx.database.db, guild.id, { ...guildNight, createdBy: admin.user.id }, new Date())
    const seen = new Set<string>()
    for (const files of [
      [items, players, history],
      wholeFiles,
      [exportFile, { name: 'x.json', content: '[]' }],
      [nightsFile],
      [ranksFile, csv('cargos.csv', ['Nome;Cargo', 'Ana;Raidr'])],
      [overlapFile],
      [nightSettingsFile],
    ]) {
      for (const p of (await preview(admin, files)).body.problems) seen.add(p.code)
    }
    expect([...seen].sort()).toEqual([...IMPORT_PROBLEM_CODES].sort())
  })
})

describe('nothing is written', () => {
  it('by a preview, even of files without problems', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const before = await guildRowCounts(ctx, guild.id)
    const { body } = await preview(admin, [csv('jogadores.csv', ['Nome', 'Ana', 'Bruno'])])
    expect(body.counts.players).toEqual({ create: 2, existing: 0 })
    expect(await guildRowCounts(ctx, guild.id)).toEqual(before)
  })

  it('by an import of files with any problem: 422 and every table as it was', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await buildItem(ctx, guild.id, { name: 'Espada' })
    const before = await guildRowCounts(ctx, guild.id)
    const { status, body } = await runImport(admin, [items, players, history])
    expect(status).toBe(422)
    expect(body.error.code).toBe('IMPORT_HAS_PROBLEMS')
    expect(await guildRowCounts(ctx, guild.id)).toEqual(before)
  })

  it('by an import whose marks name an unknown night or player, or one twice: 422, nights as they were', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    const night = { id: 'n1', name: 'Raid', startsAt: '2026-12-10T23:00:00Z' }
    const mark = (raidNightId: string, playerId: string) => ({ raidNightId, playerId, status: 'present' })
    const players = [{ id: 'p1', name: ana.name, playerStatus: 'active' }]
    // The guild has the night already, with Ana marked.
    const first = guildExport({ players, raidNights: [night], raidNightAttendance: [mark('n1', 'p1')] })
    expect((await runImport(admin, [first])).status).toBe(200)
    const before = await guildRowCounts(ctx, guild.id)
    expect(before).toMatchObject({ nights: 1, marks: 1 })
    // Each file also holds a new night and a new mark, which would import on their own.
    for (const marks of [[mark('nX', 'p1')], [mark('n1', 'pX')], [mark('n1', 'p1'), mark('n1', 'p1')]]) {
      const file = guildExport({
        players,
        raidNights: [night, { id: 'n2', name: 'Raid', startsAt: '2026-12-17T23:00:00Z' }],
        raidNightAttendance: [mark('n2', 'p1'), ...marks],
      })
      const { status, body } = await runImport(admin, [file])
      expect(status).toBe(422)
      expect(body.error.code).toBe('IMPORT_HAS_PROBLEMS')
      expect(await guildRowCounts(ctx, guild.id)).toEqual(before)
    }
  })

  it('once the problem rows are fixed, the same files import', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const fixed = [
      csv('itens.csv', ['Name,Rarity', 'Espada,Epic', 'Arco,Rare']),
      csv('jogadores.csv', ['Nome;Status;Fila: Espada', 'Ana;Ativo;2', 'Bruno;Inativo;1']),
      csv('historico.csv', ['Data;Item;Jogador', '2024-05-01 20:00;Espada;Ana']),
    ]
    const counts = await importedCounts(admin, fixed)
    expect(counts).toEqual({
      ranks: { create: 0, existing: 0 },
      players: { create: 2, existing: 0 },
      items: { create: 2, existing: 0 },
      queueEntries: { create: 2, existing: 0 },
      history: { create: 1, existing: 0 },
      raidNights: { create: 0, existing: 0 },
      attendance: { create: 0, existing: 0 },
    })
    const after = await guildRowCounts(ctx, guild.id)
    expect(after).toMatchObject({ players: 2, items: 2, queues: 2, history: 1, audit: 1 })
  })
})
