import { sql } from 'drizzle-orm'
import { buildGuild, buildMember, requestAs } from '../../server/test/factories'
import type { TestContext } from '../../server/test/harness'

// The guild the benches measure: its players and items written straight into the tables (thousands of rows
// in a second), its queues filled through the API, whatever the queue's storage is.

/**
 * A guild with one member, `players` players and `items` items ('Player 001', 'Item 01': numbers padded so
 * names sort as numbers; items a minute apart, the first newest, of the given rarities in turn).
 */
export async function seedGuild(
  ctx: TestContext,
  input: { name: string; players: number; items: number; rarities?: string[]; publicAccessPassword?: string },
) {
  const { guild } = await buildGuild(ctx, {
    name: input.name,
    publicAccessPassword: input.publicAccessPassword,
  })
  const member = await buildMember(ctx, { guildId: guild.id })
  const digits = (count: number) => String(count).length
  const rarities = (input.rarities ?? ['epic']).join(',')
  await ctx.database.db.execute(sql`
    insert into players (guild_id, name)
    select ${guild.id}::uuid, 'Player ' || lpad(g::text, ${digits(input.players)}, '0')
    from generate_series(1, ${input.players}) as g`)
  await ctx.database.db.execute(sql`
    insert into items (guild_id, name, rarity, created_at)
    select ${guild.id}::uuid, 'Item ' || lpad(g::text, ${digits(input.items)}, '0'),
           (string_to_array(${rarities}, ','))[1 + g % cardinality(string_to_array(${rarities}, ','))],
           now() - g * interval '1 minute'
    from generate_series(1, ${input.items}) as g`)
  return { guild, member, call: requestAs(ctx, member.cookie) }
}

/** The guild's items, newest first, as the items list answers them. */
export async function itemIdsOf(call: ReturnType<typeof requestAs>): Promise<string[]> {
  const res = await call('GET', '/api/v1/items')
  if (res.status !== 200) throw new Error(`items: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { items: { id: string }[] }).items.map((item) => item.id)
}

/** Adds every player to the queue of each item (add all, through the API); answers each call's time (ms). */
export async function queueEveryone(
  call: ReturnType<typeof requestAs>,
  itemIds: string[],
): Promise<number[]> {
  const times: number[] = []
  for (const itemId of itemIds) {
    const started = performance.now()
    const res = await call('POST', `/api/v1/items/${itemId}/queue/add-all`)
    if (res.status !== 200) throw new Error(`add-all: ${res.status} ${await res.text()}`)
    times.push(performance.now() - started)
  }
  return times
}
