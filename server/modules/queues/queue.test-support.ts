import { asc, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { applyQueueChange } from '../../../contract/queue-change'
import type { QueueChange, QueueView } from '../../../contract/queues'
import { auditLogs, items, lootHistory, playerQueues } from '../../db/schema'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import type { TestContext } from '../../test/harness'
import { getQueue } from './queues.service'

// Shared by the queue tests: a guild with a member, players and an item whose queue holds them all.

export type QueueFixture = Awaited<ReturnType<typeof buildQueue>>

export async function buildQueue(ctx: TestContext, names: string[] = ['Ana', 'Bruno', 'Caio', 'Duda']) {
  current = ctx
  const { guild } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const item = await buildItem(ctx, guild.id, { name: 'Espada Lendária', rarity: 'legendary' })
  const players = []
  // Sequential: add-all orders by name, and names are given in order.
  for (const name of names) players.push(await buildPlayer(ctx, guild.id, { name }))
  const { queue } = await call<{ added: number; queue: QueueView }>(
    member,
    'POST',
    `/items/${item.id}/queue/add-all`,
  )
  return { guild, member, item, players, queue, entryOf: (name: string) => entryByName(queue, name) }
}

export function entryByName(view: QueueView, name: string) {
  const entry = view.entries.find((e) => e.playerName === name)
  if (!entry) throw new Error(`no entry for ${name}`)
  return entry
}

export const namesOf = (view: QueueView) => view.entries.map((e) => e.playerName)

/** The names the fixture's queue shows now, read as the dashboard reads it (GET, through `call`). */
export const queueNames = async (q: QueueFixture) =>
  namesOf(await call(q.member, 'GET', `/items/${q.item.id}/queue`))

// The item of each entry seen in a queue, so a write addressed by entry id can be checked (`call`).
const itemOfEntry = new Map<string, string>()

function itemOfPath(path: string): string | undefined {
  const item = /^\/items\/([0-9a-f-]{36})\/queue/.exec(path)
  if (item) return item[1]
  const entry = /^\/queue-entries\/([0-9a-f-]{36})/.exec(path)
  return entry ? itemOfEntry.get(entry[1]!) : undefined
}

// The checks of `call` read the queue through the service, beside the dashboard's read cache: a read of
// theirs must not fill that cache, since some tests change rows directly (a player's status), which only
// the app's own writes announce to the cache (docs/decisions/009-cached-reads.md).
let current: TestContext | undefined

async function readView(actor: Actor, itemId: string): Promise<QueueView | undefined> {
  if (!current || !actor.guildId) throw new Error('buildQueue(ctx) first: the checks read through its app')
  const found = await getQueue(current.deps, actor.guildId, itemId).catch(() => undefined)
  if (!found) return undefined
  // As the route answers it: JSON.
  const view = JSON.parse(JSON.stringify(found)) as QueueView
  for (const e of view.entries) itemOfEntry.set(e.id, e.itemId)
  return view
}

/**
 * Calls a queue endpoint and answers the parsed body, checking the status. A write answers a change
 * (contract/queue-change.ts): it is applied to the queue read just before the write, the result must be
 * what a fresh read shows, and that queue is answered in its place (`queue` beside `added` for add-all).
 */
export async function call<T = QueueView>(
  actor: Actor,
  method: string,
  path: string,
  body?: unknown,
  status = 200,
): Promise<T> {
  const write = method !== 'GET' && /^\/(items\/[^/]+\/queue|queue-entries\/)/.test(path)
  const itemId = write ? itemOfPath(path) : undefined
  const before = itemId ? await readView(actor, itemId) : undefined
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, text).toBe(status)
  const parsed = text ? JSON.parse(text) : null
  if (method === 'GET' && res.status === 200 && parsed?.entries) {
    for (const e of (parsed as QueueView).entries) itemOfEntry.set(e.id, e.itemId)
  }
  if (!write || res.status >= 300 || !parsed) return parsed as T
  const added = path.endsWith('/add-all')
  const change = (added ? parsed.change : parsed) as QueueChange
  const fresh = await readView(actor, change.itemId)
  expect(
    applyQueueChange(before, change),
    `${method} ${path}: the change leads to the queue read now`,
  ).toEqual(fresh)
  return (added ? { added: parsed.added, queue: fresh } : fresh) as T
}

/**
 * The rows as stored (hidden entries included), in queue order, each with its position among all of them
 * as `queuePosition` (what is stored there is an ordering key: queue-keys.ts). No two rows share a key.
 */
export async function storedEntries(ctx: TestContext, itemId: string) {
  const rows = await ctx.database.db
    .select()
    .from(playerQueues)
    .where(eq(playerQueues.itemId, itemId))
    .orderBy(asc(playerQueues.queuePosition))
  const keys = rows.map((r) => r.queuePosition)
  expect(new Set(keys).size, 'one key per entry').toBe(keys.length)
  // A receipt counts the entries before it from the item's low key (migration 0012): it is never above a
  // key. Read in one statement, so a write between two reads (the concurrency test) cannot set them apart.
  const [bounds] = await ctx.database.db
    .select({
      lowKey: items.queueLowKey,
      lowestKey: sql<number | null>`min(${playerQueues.queuePosition})`.mapWith(Number),
    })
    .from(items)
    .leftJoin(playerQueues, eq(playerQueues.itemId, items.id))
    .where(eq(items.id, itemId))
    .groupBy(items.id)
  if (bounds?.lowKey != null && bounds.lowestKey != null) {
    expect(bounds.lowKey, 'the low key is at most every key').toBeLessThanOrEqual(bounds.lowestKey)
  }
  return rows.map((row, index) => ({ ...row, queuePosition: index + 1 }))
}

export async function auditActions(ctx: TestContext, guildId: string) {
  const rows = await ctx.database.db
    .select({ actionType: auditLogs.actionType, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.seq))
  return rows.map((r) => r.actionType)
}

export async function historyRows(ctx: TestContext, guildId: string) {
  return ctx.database.db.select().from(lootHistory).where(eq(lootHistory.guildId, guildId))
}

/** Everything a failed request must leave untouched. */
export async function stateOf(ctx: TestContext, guildId: string, itemId: string) {
  return {
    entries: await storedEntries(ctx, itemId),
    audit: (await auditActions(ctx, guildId)).length,
    history: (await historyRows(ctx, guildId)).length,
  }
}

/**
 * A queue request that must be refused with this status and error code, leaving the queue's entries, the
 * audit log and the loot history as they were.
 */
export async function expectRefusedUnchanged(
  ctx: TestContext,
  q: QueueFixture,
  status: number,
  code: string,
  request: () => Promise<Response>,
) {
  const before = await stateOf(ctx, q.guild.id, q.item.id)
  await expectError(await request(), status, code)
  expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
}

/** The group of the ordering rule in docs/product-rules.md, written here apart from queue-order.ts. */
function groupAt(e: { attendanceStatus: string; penaltyUntil: Date | null }, t: Date): number {
  if (e.attendanceStatus === 'not_interested') return 4
  if (e.penaltyUntil !== null && e.penaltyUntil.getTime() > t.getTime()) return 3
  return e.attendanceStatus === 'pending' ? 1 : 2
}

/**
 * What lets a rule action move one entry alone must be true: while the item says its stored order is
 * sorted by group (from `queue_sorted_from` until `queue_sorted_until`), it is, at every moment of that
 * span. Read in one snapshot, so it holds while other writes run. Answers whether a span was claimed.
 */
export async function expectSortedSpanHolds(ctx: TestContext, itemId: string): Promise<boolean> {
  const { item, rows } = await ctx.database.db.transaction(
    async (tx) => {
      const [item] = await tx
        .select({ from: items.queueSortedFrom, until: items.queueSortedUntil })
        .from(items)
        .where(eq(items.id, itemId))
      const rows = await tx
        .select()
        .from(playerQueues)
        .where(eq(playerQueues.itemId, itemId))
        .orderBy(asc(playerQueues.queuePosition))
      return { item: item!, rows }
    },
    { isolationLevel: 'repeatable read' },
  )
  if (item.from === null) return false
  // Groups change only when a penalty ends: the start of the span and every such moment inside it.
  const moments = [item.from, ...rows.flatMap((r) => (r.penaltyUntil ? [r.penaltyUntil] : []))].filter(
    (t) => t >= item.from! && (item.until === null || t < item.until),
  )
  for (const t of moments) {
    const groups = rows.map((r) => groupAt(r, t))
    expect(groups, `sorted by group at ${t.toISOString()}`).toEqual(groups.toSorted((a, b) => a - b))
  }
  return true
}
