import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { guildRanks, items, players, profiles } from '../db/schema'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from './factories'
import type { TestContext } from './harness'
import { type Known, type Operation, type SchemaArbitraries, urlOf } from './openapi-fuzz.arbitraries'

// A guild with players, items, full queues and a member, and the ids of what it holds: what the tests that
// walk every operation of the OpenAPI document send their requests to (openapi-fuzz.test.ts,
// openapi-origin.test.ts, openapi-document.test.ts).

export type StockedGuild = {
  guild: Awaited<ReturnType<typeof buildGuild>>['guild']
  admin: Actor
  /** Another guild, whose ids and slug are known too (a request may name them). */
  other: Awaited<ReturnType<typeof buildGuild>>
  known: Known
  /** The ids by kind: players, items, queue entries, members (not admins) and ranks of the guild. */
  ids: { players: string[]; items: string[]; entries: string[]; members: string[]; ranks: string[] }
  /** A pending invitation and an open sandbox checkout session of the guild. */
  invitationId: string
  sandboxSessionId: string
  /** Stocks the guild again (a delete may have succeeded) and brings the known ids up to date. */
  topUp: () => Promise<void>
}

export async function stockedGuild(ctx: TestContext, name: string): Promise<StockedGuild> {
  const { guild, admin } = await buildGuild(ctx, { name })
  const other = await buildGuild(ctx)
  const known: Known = { uuids: [], slugs: [guild.slug, other.guild.slug] }
  const ids: StockedGuild['ids'] = { players: [], items: [], entries: [], members: [], ranks: [] }
  const db = ctx.database.db
  const ofGuild = async () => ({
    players: await db.select({ id: players.id }).from(players).where(eq(players.guildId, guild.id)),
    items: await db.select({ id: items.id }).from(items).where(eq(items.guildId, guild.id)),
    members: await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.guildId, guild.id), eq(profiles.role, 'guild_member'))),
    ranks: await db.select({ id: guildRanks.id }).from(guildRanks).where(eq(guildRanks.guildId, guild.id)),
  })
  const topUp = async () => {
    let stock = await ofGuild()
    for (let i = stock.players.length; i < 4; i++) await buildPlayer(ctx, guild.id)
    for (let i = stock.items.length; i < 3; i++) await buildItem(ctx, guild.id, { isPublicVisible: i > 0 })
    if (stock.members.length === 0) await buildMember(ctx, { guildId: guild.id })
    // Two ranks, levels 0 and 1 (a delete re-levels the others, so the ones left are renumbered first).
    if (stock.ranks.length < 2) {
      await db.delete(guildRanks).where(eq(guildRanks.guildId, guild.id))
      await db.insert(guildRanks).values([
        { guildId: guild.id, name: 'Raider', level: 0 },
        { guildId: guild.id, name: 'Trial', level: 1 },
      ])
    }
    stock = await ofGuild()
    const entries: string[] = []
    for (const item of stock.items) {
      await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)
      const queue = await admin.request('GET', `/api/v1/items/${item.id}/queue`)
      if (queue.ok)
        entries.push(...((await queue.json()) as { entries: { id: string }[] }).entries.map((e) => e.id))
    }
    ids.players = stock.players.map((p) => p.id)
    ids.items = stock.items.map((i) => i.id)
    ids.entries = entries
    ids.members = stock.members.map((m) => m.id)
    ids.ranks = stock.ranks.map((r) => r.id)
    known.uuids = [
      ...ids.ranks,
      ...entries,
      ...ids.players,
      ...ids.items,
      ...ids.members,
      admin.profileId,
      other.admin.profileId,
    ]
  }
  await topUp()
  const invited = await admin.request('POST', '/api/v1/invitations', {
    email: `invitee-${guild.slug}@example.com`,
    displayName: 'Invitee',
  })
  const checkout = await admin.request('POST', '/api/v1/billing/checkout', { interval: 'month' })
  if (invited.status !== 201 || checkout.status !== 200) throw new Error('could not stock the guild')
  const invitationId = ((await invited.json()) as { id: string }).id
  const sandboxSessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!
  return { guild, admin, other, known, ids, invitationId, sandboxSessionId, topUp }
}

/**
 * A request an operation accepts, aimed at what the stocked guild holds: each path parameter names a row of
 * the collection before it (an invitation for /invitations/{id}, the slug for /guilds/{slug}; an enum's
 * first value; else a known id), and the body is a value its schema allows (the same one each run).
 */
export function exampleRequest(
  stock: StockedGuild,
  arbitraries: SchemaArbitraries,
  op: Operation,
  headers: Record<string, string>,
): Request {
  const byCollection: Record<string, string | undefined> = {
    players: stock.ids.players[0],
    items: stock.ids.items[0],
    'queue-entries': stock.ids.entries[0],
    members: stock.ids.members[0],
    invitations: stock.invitationId,
    sessions: stock.sandboxSessionId,
    guilds: stock.guild.slug,
  }
  const segments = op.path.split('/')
  const path = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'path')
      .map((p) => {
        const schema = arbitraries.resolve(p.schema)
        const collection = segments[segments.indexOf(`{${p.name}}`) - 1] ?? ''
        return [p.name, schema.enum?.[0] ?? byCollection[collection] ?? stock.known.uuids[0]]
      }),
  )
  const query = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [p.name, fc.sample(arbitraries.valid(p.schema), { numRuns: 1, seed: 43 })[0]]),
  )
  const body = op.body ? fc.sample(arbitraries.valid(op.body), { numRuns: 1, seed: 43 })[0] : undefined
  return new Request(urlOf(op, path, query), {
    method: op.method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}
