// Queues at a big guild's scale: 200 items, 300 players, one item with a 300-entry queue and 30 entries on
// every other item. Everything goes through the HTTP app (app.request), session cookie and all, as the
// browser calls it (the app in production mode, as served): the requests of the queues tab. Queue writes are measured over real HTTP in
// queue-writes.bench.ts.
import { sql } from 'drizzle-orm'
import { getItems, getItemsSummary } from '../../server/modules/items/items.service'
import { getOverview } from '../../server/modules/overview/overview.service'
import { seedGuild } from './seed-guild'
import { benchApp } from './served-app'
import { type BenchContext, measure } from './support'

const ITEMS = 200
const PLAYERS = 300
const ENTRIES_PER_OTHER_ITEM = 30

export default async function queuesBench(bench: BenchContext) {
  const { database, ctx, close } = await benchApp(bench)
  try {
    const started = performance.now()
    const { guild, call } = await seedGuild(ctx, {
      name: `Bench Queues ${Date.now()}`,
      players: PLAYERS,
      items: ITEMS,
      rarities: ['common', 'uncommon', 'rare', 'epic', 'legendary'],
    })
    const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
      const r = await res
      if (r.status !== status) throw new Error(`${r.status}: ${await r.text()}`)
      return (await r.json()) as T
    }

    // Every item but the newest gets a queue of 30 players.
    await database.db.execute(sql`
      insert into player_queues (guild_id, item_id, player_id, queue_position)
      select i.guild_id, i.id, p.id, row_number() over (partition by i.id order by p.name)
      from (select * from items where guild_id = ${guild.id} order by created_at desc offset 1) as i
      cross join lateral (
        select id, name from players where guild_id = ${guild.id} order by random() limit ${ENTRIES_PER_OTHER_ITEM}
      ) as p`)
    const { items } = await json<{ items: { id: string }[] }>(call('GET', '/api/v1/items'))
    const big = items[0]!.id
    const { added } = await json<{ added: number }>(call('POST', `/api/v1/items/${big}/queue/add-all`))
    if (added !== PLAYERS) throw new Error(`expected ${PLAYERS} entries, got ${added}`)
    await database.db.execute(sql`analyze`)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`[queues] ${bench.engine}: seeded ${ITEMS} items, ${PLAYERS} players in ${seconds} s`)

    const runs = { count: 200, warmup: 10 }
    await measure(
      bench,
      'GET /items/:id/queue (300 entries)',
      () => json(call('GET', `/api/v1/items/${big}/queue`)),
      runs,
    )
    // The dashboard's guild-wide reads are answered from the read cache between writes (the figures of
    // the HTTP lines); a read right after a write runs their queries, measured here on their own.
    await measure(bench, 'GET /items (200 items), cached', () => json(call('GET', '/api/v1/items')), runs)
    await measure(bench, '  its queries (a miss, after a write)', () => getItems(ctx.deps, guild.id), runs)
    const todayStart = encodeURIComponent(new Date(new Date().setHours(0, 0, 0, 0)).toISOString())
    await measure(
      bench,
      'queues tab load (items + summary + queue), cached',
      () =>
        Promise.all([
          json(call('GET', '/api/v1/items')),
          json(call('GET', `/api/v1/items-summary?todayStart=${todayStart}`)),
          json(call('GET', `/api/v1/items/${big}/queue`)),
        ]),
      runs,
    )
    await measure(
      bench,
      '  items summary queries (a miss)',
      () => getItemsSummary(ctx.deps, guild.id, new Date(decodeURIComponent(todayStart))),
      runs,
    )
    await measure(
      bench,
      'GET /overview (200 items), cached',
      () => json(call('GET', '/api/v1/overview')),
      runs,
    )
    await measure(bench, '  its queries (a miss, after a write)', () => getOverview(ctx.deps, guild.id), runs)
  } finally {
    await close()
  }
}
