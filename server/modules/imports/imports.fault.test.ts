import { describe, expect, it } from 'vitest'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { csv, guildRowCounts, runImport } from './imports.test-support'

// An import writes items, players, raid nights, queue places, receipts, attendance marks, the public rules
// of a guild that had none (with their RULES_UPDATED row) and one IMPORT_COMPLETED audit row in one transaction (docs/decisions/012-imports-and-player-page.md): the
// database failing at any of them, or at the commit after the audit row, leaves nothing behind, and the
// same files import cleanly afterwards.

const ctx = await fileTestContext()

// The hourly allowance of imports is counted before the transaction, on purpose (a refused attempt counts).
const snapshot = () => databaseSnapshot(ctx.database, { except: ['rate_limit'] })

const files = [
  csv('itens.csv', ['Nome;Raridade;Tipo', 'Espada;Épico;Arma', 'Elmo;Raro;Armadura']),
  csv('jogadores.csv', ['Nome;Observações;Fila: Espada;Fila: Elmo', 'Ana;Tanque;1;2', 'Bruno;;2;1']),
  csv('historico.csv', ['Data;Item;Jogador;Observações', '2025-01-02 20:00:00;Espada;Ana;dividido']),
]

/** A guild export with a raid night, a mark and a receipt awarded in it (docs/decisions/012, "Raid nights"). */
const nightExport = {
  name: 'guild.json',
  content: JSON.stringify({
    format: 'lootqueue-guild-export/1',
    players: [{ id: 'p1', name: 'Ana', playerStatus: 'active' }],
    items: [{ id: 'i1', name: 'Espada', isPublicVisible: true }],
    raidNights: [{ id: 'n1', name: 'Raid de quinta', startsAt: '2025-01-02T23:00:00Z', status: 'completed' }],
    raidNightAttendance: [{ raidNightId: 'n1', playerId: 'p1', status: 'present' }],
    lootHistory: [
      {
        itemId: 'i1',
        playerId: 'p1',
        itemName: 'Espada',
        playerName: 'Ana',
        distributedAt: '2025-01-02T23:30:00Z',
        eventId: 'n1',
      },
    ],
  }),
}

/** A guild export whose public rules go into the guild (it has none) in the same transaction, audited. */
const rulesExport = {
  name: 'guild-rules.json',
  content: JSON.stringify({
    format: 'lootqueue-guild-export/1',
    guild: { publicRules: 'Quem falta sem avisar perde a vez.' },
    players: [{ id: 'p1', name: 'Ana', playerStatus: 'active' }],
    items: [{ id: 'i1', name: 'Espada', isPublicVisible: true }],
  }),
}

type Case = [string, (guildId: string) => Fault]

/** The import fails at `fault` and leaves nothing behind; then the same files go in whole. */
async function failsThenImports(fault: Case[1], importFiles: typeof files, expected: Record<string, number>) {
  const { guild, admin } = await buildGuild(ctx)
  // The session's first use extends it (better-auth, outside any request's transaction): done before.
  expect((await admin.request('GET', '/api/v1/me')).status).toBe(200)
  const before = await snapshot()
  const { result, fired } = await withFault(ctx.database, fault(guild.id), () =>
    runImport(admin, importFiles, { timeZone: 'UTC' }),
  )
  expect(result.status, JSON.stringify(result.body)).toBe(500)
  expect(fired, 'the injected fault fired').toBeGreaterThanOrEqual(1)
  expect(await snapshot()).toEqual(before)

  // Nothing half-imported stands in the way: the same files go in whole.
  const again = await runImport(admin, importFiles, { timeZone: 'UTC' })
  expect(again.status, JSON.stringify(again.body)).toBe(200)
  expect(await guildRowCounts(ctx, guild.id)).toMatchObject(expected)
}

describe('an import that fails part-way', () => {
  const faults: Case[] = [
    ['on the items', (guildId) => ({ table: 'items', on: 'INSERT', guildId })],
    ['on the players', (guildId) => ({ table: 'players', on: 'INSERT', guildId })],
    ['on the queue places', (guildId) => ({ table: 'player_queues', on: 'INSERT', guildId })],
    ['on the receipts', (guildId) => ({ table: 'loot_history', on: 'INSERT', guildId })],
    ['on the IMPORT_COMPLETED audit row', (guildId) => ({ table: 'audit_logs', on: 'INSERT', guildId })],
    [
      'at the commit, after the audit row',
      (guildId) => ({ table: 'audit_logs', on: 'INSERT', when: 'commit', guildId }),
    ],
  ]
  it.each(faults)('failing %s leaves nothing behind', (_where, fault) =>
    failsThenImports(fault, files, { items: 2, players: 2, queues: 4, history: 1 }),
  )

  const nightFaults: Case[] = [
    ['on the raid nights', (guildId) => ({ table: 'raid_nights', on: 'INSERT', guildId })],
    ['on the receipt awarded in the night', (guildId) => ({ table: 'loot_history', on: 'INSERT', guildId })],
    ['on the attendance marks', (guildId) => ({ table: 'raid_night_attendance', on: 'INSERT', guildId })],
  ]
  it.each(nightFaults)(
    'of a guild export with raid nights, failing %s leaves nothing behind',
    (_where, fault) =>
      failsThenImports(fault, [nightExport], { players: 1, items: 1, nights: 1, marks: 1, history: 1 }),
  )

  const rulesFaults: Case[] = [
    ['on the RULES_UPDATED audit row', (guildId) => ({ table: 'audit_logs', on: 'INSERT', guildId })],
    ['on the items, after the rules', (guildId) => ({ table: 'items', on: 'INSERT', guildId })],
    [
      'at the commit, after the audit rows',
      (guildId) => ({ table: 'audit_logs', on: 'INSERT', when: 'commit', guildId }),
    ],
  ]
  it.each(rulesFaults)(
    'of a guild export with public rules, failing %s leaves the rules unset too',
    (_where, fault) => failsThenImports(fault, [rulesExport], { players: 1, items: 1, audit: 2 }),
  )
})
