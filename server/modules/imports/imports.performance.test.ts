import { afterAll, beforeAll, expect, it } from 'vitest'
import { IMPORT_MAX_ROWS } from '../../../contract/imports'
import { buildGuild } from '../../test/factories'
import { createTestContext, ENGINE, type TestContext } from '../../test/harness'
import { medianMs } from '../../test/timing'
import { csv, guildRowCounts } from './imports.test-support'

// Issue 17: 50,000 rows within 10 s on PostgreSQL. The largest import the limits allow, in the shape a
// guild moving in brings: a roster with a queue column per item, and years of loot history.

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const ITEMS = 20
const PLAYERS = 980
const RECEIPTS = IMPORT_MAX_ROWS - ITEMS - PLAYERS

function bigImport() {
  const itemNames = Array.from({ length: ITEMS }, (_, i) => `Item ${i + 1}`)
  const items = csv('itens.csv', [
    'Nome;Raridade;Tipo',
    ...itemNames.map((n, i) => `${n};${['Épico', 'Raro', 'Lendário'][i % 3]};Arma`),
  ])
  const players = csv('jogadores.csv', [
    ['Nome', 'Observações', 'Status', ...itemNames.map((n) => `Fila: ${n}`)].join(';'),
    ...Array.from({ length: PLAYERS }, (_, p) =>
      [
        `Jogador ${p + 1}`,
        p % 7 ? '' : 'Tanque',
        p % 50 ? 'Ativo' : 'Inativo',
        ...itemNames.map(() => String(p + 1)),
      ].join(';'),
    ),
  ])
  const start = Date.UTC(2021, 0, 1)
  const history = csv('historico.csv', [
    'Data;Item;Jogador;Observações',
    ...Array.from({ length: RECEIPTS }, (_, r) => {
      const at = new Date(start + r * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
      return `${at};Item ${(r % ITEMS) + 1};Jogador ${(r % PLAYERS) + 1};${r % 5 ? '' : 'dividido'}`
    }),
  ])
  return [items, players, history]
}

it(`imports ${IMPORT_MAX_ROWS.toLocaleString('en')} rows within 10 s on PostgreSQL`, async () => {
  const { guild, admin } = await buildGuild(ctx)
  const files = bigImport()
  const body = { files, timeZone: 'UTC' }
  const baseline = await medianMs(() => admin.request('GET', '/api/v1/guild'), 15)

  let started = performance.now()
  const checked = await admin.request('POST', '/api/v1/guild/import/preview', body)
  const previewMs = performance.now() - started
  expect(checked.status).toBe(200)
  expect((await checked.json()).problemCount).toBe(0)

  started = performance.now()
  const res = await admin.request('POST', '/api/v1/guild/import', body)
  const importMs = performance.now() - started
  expect(res.status).toBe(200)
  expect(await guildRowCounts(ctx, guild.id)).toMatchObject({
    items: ITEMS,
    players: PLAYERS,
    queues: ITEMS * PLAYERS,
    history: RECEIPTS,
  })
  const bytes = files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0)
  console.log(
    `[${ENGINE}] ${IMPORT_MAX_ROWS} rows (${(bytes / 1e6).toFixed(1)} MB, ${ITEMS * PLAYERS} queue entries): ` +
      `preview ${Math.round(previewMs)} ms, import ${Math.round(importMs)} ms; baseline request ${baseline.toFixed(1)} ms`,
  )
  // 10 s, or the time of 2,000 signed-in round trips measured just before if that is longer: idle, one
  // costs 2 to 5 ms and the limit is the goal itself; a machine slowed down by other work slows both.
  // PGlite runs on this process's thread with one connection: measured and reported, not held to it.
  if (ENGINE === 'postgres') expect(importMs).toBeLessThan(Math.max(10_000, 2_000 * baseline))
}, 120_000)
