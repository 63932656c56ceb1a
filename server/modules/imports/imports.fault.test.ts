import { describe, expect, it } from 'vitest'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { csv, guildRowCounts, runImport } from './imports.test-support'

// An import writes items, players, their queue places, receipts and one IMPORT_COMPLETED audit row in one
// transaction (docs/decisions/012-imports-and-player-page.md): the database failing at any of them, or at
// the commit after the audit row, leaves nothing behind, and the same files import cleanly afterwards.

const ctx = await fileTestContext()

// The hourly allowance of imports is counted before the transaction, on purpose (a refused attempt counts).
const snapshot = () => databaseSnapshot(ctx.database, { except: ['rate_limit'] })

const files = [
  csv('itens.csv', ['Nome;Raridade;Tipo', 'Espada;Épico;Arma', 'Elmo;Raro;Armadura']),
  csv('jogadores.csv', ['Nome;Observações;Fila: Espada;Fila: Elmo', 'Ana;Tanque;1;2', 'Bruno;;2;1']),
  csv('historico.csv', ['Data;Item;Jogador;Observações', '2025-01-02 20:00:00;Espada;Ana;dividido']),
]

describe('an import that fails part-way', () => {
  const faults: [string, (guildId: string) => Fault][] = [
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
  it.each(faults)('failing %s leaves nothing behind', async (_where, fault) => {
    const { guild, admin } = await buildGuild(ctx)
    // The session's first use extends it (better-auth, outside any request's transaction): done before.
    expect((await admin.request('GET', '/api/v1/me')).status).toBe(200)
    const before = await snapshot()
    const { result, fired } = await withFault(ctx.database, fault(guild.id), () =>
      runImport(admin, files, { timeZone: 'UTC' }),
    )
    expect(result.status, JSON.stringify(result.body)).toBe(500)
    expect(fired, 'the injected fault fired').toBeGreaterThanOrEqual(1)
    expect(await snapshot()).toEqual(before)

    // Nothing half-imported stands in the way: the same files go in whole.
    const again = await runImport(admin, files, { timeZone: 'UTC' })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(await guildRowCounts(ctx, guild.id)).toMatchObject({ items: 2, players: 2, queues: 4, history: 1 })
  })
})
