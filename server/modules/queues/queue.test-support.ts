import { and, asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { auditLogs, lootHistory, playerQueues } from '../../db/schema'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import type { TestContext } from '../../test/harness'

// Shared by the queue tests: a guild with a member, players and an item whose queue holds them all.

export type QueueFixture = Awaited<ReturnType<typeof buildQueue>>

export async function buildQueue(ctx: TestContext, names: string[] = ['Ana', 'Bruno', 'Caio', 'Duda']) {
  const { guild } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id })
  const item = await buildItem(ctx, guild.id, { name: 'Espada Lendária', rarity: 'legendary' })
  const players = []
  // Sequential: add-all orders by name, and names are given in order.
  for (const name of names) players.push(await buildPlayer(ctx, guild.id, { name }))
  const res = await member.request('POST', `/api/v1/items/${item.id}/queue/add-all`)
  expect(res.status).toBe(200)
  const { queue } = (await res.json()) as { queue: QueueView }
  return { guild, member, item, players, queue, entryOf: (name: string) => entryByName(queue, name) }
}

export function entryByName(view: QueueView, name: string) {
  const entry = view.entries.find((e) => e.playerName === name)
  if (!entry) throw new Error(`no entry for ${name}`)
  return entry
}

export const namesOf = (view: QueueView) => view.entries.map((e) => e.playerName)

/** Calls a queue endpoint and answers the parsed body, checking the status. */
export async function call<T = QueueView>(
  actor: Actor,
  method: string,
  path: string,
  body?: unknown,
  status = 200,
): Promise<T> {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : null) as T
}

/** The rows as stored (hidden entries included), in position order. */
export async function storedEntries(ctx: TestContext, itemId: string) {
  return ctx.database.db
    .select()
    .from(playerQueues)
    .where(eq(playerQueues.itemId, itemId))
    .orderBy(asc(playerQueues.queuePosition))
}

export async function auditActions(ctx: TestContext, guildId: string) {
  const rows = await ctx.database.db
    .select({ actionType: auditLogs.actionType, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    .orderBy(asc(auditLogs.createdAt))
  return rows.map((r) => r.actionType)
}

export async function auditRows(ctx: TestContext, guildId: string, actionType: string) {
  return ctx.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.guildId, guildId), eq(auditLogs.actionType, actionType)))
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
