import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  IMPORT_MAX_ROWS,
  type ImportCounts,
  type ImportPreview,
  type ImportRequest,
} from '../../../contract/imports'
import {
  auditLogs,
  items,
  lootHistory,
  playerQueues,
  players,
  raidNightAttendance,
  raidNights,
} from '../../db/schema'
import { type Actor, buildGuild } from '../../test/factories'
import type { TestContext } from '../../test/harness'

export type TestFile = { name: string; content: string }

/** A CSV file as a spreadsheet saves it: lines joined with CRLF. */
export const csv = (name: string, lines: string[]): TestFile => ({
  name,
  content: `${lines.join('\r\n')}\r\n`,
})

export async function preview(actor: Actor, files: TestFile[], extra: Partial<ImportRequest> = {}) {
  const res = await actor.request('POST', '/api/v1/guild/import/preview', { files, ...extra })
  return { status: res.status, body: (await res.json()) as ImportPreview & { error?: { code: string } } }
}

export async function runImport(actor: Actor, files: TestFile[], extra: Partial<ImportRequest> = {}) {
  const res = await actor.request('POST', '/api/v1/guild/import', { files, ...extra })
  return { status: res.status, body: await res.json() }
}

/** An import that must go through (200, the body is the message otherwise): answers what it counted. */
export async function importedCounts(actor: Actor, files: TestFile[]): Promise<ImportCounts> {
  const { status, body } = await runImport(actor, files)
  expect(status, JSON.stringify(body)).toBe(200)
  return body.counts
}

/** Rows of each table the import writes, for one guild: "nothing written" compares these. */
export async function guildRowCounts(ctx: TestContext, guildId: string) {
  const count = async (
    table:
      | typeof players
      | typeof items
      | typeof playerQueues
      | typeof lootHistory
      | typeof auditLogs
      | typeof raidNights
      | typeof raidNightAttendance,
  ) => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.guildId, guildId))
    return row!.n
  }
  return {
    players: await count(players),
    items: await count(items),
    queues: await count(playerQueues),
    history: await count(lootHistory),
    nights: await count(raidNights),
    marks: await count(raidNightAttendance),
    audit: await count(auditLogs),
  }
}

async function ok(actor: Actor, method: string, path: string, body?: unknown) {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}

type View = { entries: { id: string; playerName: string }[] }
const entry = (view: View, name: string) => view.entries.find((e) => e.playerName === name)!.id

/**
 * A guild with a bit of everything an export holds: players of each status (one whose name a spreadsheet
 * would run as a formula), items of each kind (one hidden), queues after every kind of action (received,
 * absent, not interested, a penalty, a manual order, a hidden entry of an inactive player), receipts with
 * notes full of separators and quotes, and one of an item deleted since.
 */
export async function buildRichGuild(ctx: TestContext, name?: string) {
  // A minute between actions, as on a raid night: receipts in one second could not keep their order
  // through a CSV file, which holds whole seconds.
  const start = Date.now() - 3_600_000
  let minutes = 0
  const tick = () => ctx.setNow(new Date(start + ++minutes * 60_000))
  tick()
  const { guild, admin } = await buildGuild(ctx, { name })
  const player = (input: { name: string; notes?: string; playerStatus?: string }) => {
    tick()
    return ok(admin, 'POST', '/players', input)
  }
  await player({ name: 'Ana', notes: 'Tanque; "principal", sempre' })
  await player({ name: 'Bruno' })
  const caio = await player({ name: 'Caio', notes: 'Volta em junho' })
  await player({ name: 'Duda', playerStatus: 'expelled' })
  await player({ name: 'Éva' })
  await player({ name: '=Fórmula' })
  const item = (input: Record<string, unknown>) => {
    tick()
    return ok(admin, 'POST', '/items', input)
  }
  const sword = await item({
    name: 'Espada',
    rarity: 'legendary',
    itemType: 'Arma',
    description: 'Corta; fere',
  })
  const shield = await item({ name: 'Escudo', rarity: 'rare', itemType: null })
  tick()
  await ok(admin, 'PATCH', `/items/${shield.id}`, { isPublicVisible: false })
  const ring = await item({ name: 'Anel', rarity: null })

  // A write answers what it changed (contract/queues.ts): the entries are read from the queue itself.
  const queueOf = (itemId: string): Promise<View> => ok(admin, 'GET', `/items/${itemId}/queue`)
  tick()
  await ok(admin, 'POST', `/items/${sword.id}/queue/add-all`)
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(sword.id), 'Ana')}/received`)
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(sword.id), 'Bruno')}/absent`)
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(sword.id), 'Éva')}/not-interested`)
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(sword.id), 'Caio')}/penalty`, {
    days: 3,
    note: 'Faltou; sem avisar',
  })
  const order = (await queueOf(sword.id)).entries.map((e) => e.id)
  tick()
  await ok(admin, 'PUT', `/items/${sword.id}/queue/order`, {
    entryIds: [order[1], order[0], ...order.slice(2)],
  })
  tick()
  await ok(admin, 'PATCH', `/players/${caio.id}`, { playerStatus: 'inactive' })

  tick()
  await ok(admin, 'POST', `/items/${shield.id}/queue/add-all`)
  tick()
  // An officers-only note (docs/decisions/019-public-visibility.md): the export and the import keep the flag.
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(shield.id), 'Bruno')}/received`, {
    note: 'Decidido pelos oficiais',
    notePrivate: true,
  })
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(shield.id), 'Ana')}/penalty`, {
    days: 5,
    note: 'Conversa com a liderança',
    notePrivate: true,
  })
  tick()
  await ok(admin, 'POST', `/items/${ring.id}/queue`, { playerId: (await playersOf(admin)).Ana })
  tick()
  await ok(admin, 'POST', `/queue-entries/${entry(await queueOf(ring.id), 'Ana')}/received`)
  tick()
  await ok(admin, 'DELETE', `/items/${ring.id}`)
  // A receipt whose note holds everything a CSV cell must quote or escape.
  await ctx.database.db.insert(lootHistory).values({
    guildId: guild.id,
    itemId: sword.id,
    playerId: null,
    itemName: 'Espada',
    itemRarity: 'legendary',
    itemType: 'Arma',
    playerName: 'Antigo Membro',
    notes: '=SOMA(1;2) "citado"\nsegunda linha; fim',
    previousQueuePosition: 4,
    distributedAt: new Date('2024-03-10T23:59:58.250Z'),
  })
  ctx.setNow(null as unknown as Date)
  return { guild, admin, sword, shield }
}

async function playersOf(admin: Actor): Promise<Record<string, string>> {
  const { players: list } = await ok(admin, 'GET', '/players')
  return Object.fromEntries(list.map((p: { name: string; id: string }) => [p.name, p.id]))
}

/**
 * The largest import the limits allow (IMPORT_MAX_ROWS rows), in the shape a guild moving in brings: a
 * roster with a queue column per item, and years of loot history. The test and the bench import the same.
 */
export function bigImport() {
  const ITEMS = 20
  const PLAYERS = 980
  const RECEIPTS = IMPORT_MAX_ROWS - ITEMS - PLAYERS
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
  return {
    files: [items, players, history],
    expected: { items: ITEMS, players: PLAYERS, queues: ITEMS * PLAYERS, history: RECEIPTS },
  }
}
