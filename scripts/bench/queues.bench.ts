// Queues at a big guild's scale: 200 items, 300 players, one item with a 300-entry queue and 30 entries on
// every other item. Everything goes through the HTTP app (app.request), session cookie and all, as the
// browser calls it: the requests of the queues tab. Queue writes are measured over real HTTP in
// queue-writes.bench.ts.
import { sql } from 'drizzle-orm'
import { createApp } from '../../server/app'
import { buildDeps } from '../../server/deps'
import { parseEnv } from '../../server/env'
import { silentLogger } from '../../server/lib/logger'
import { buildGuild, buildMember, requestAs } from '../../server/test/factories'
import type { TestContext } from '../../server/test/harness'
import { type BenchContext, measure } from './support'

const ITEMS = 200
const PLAYERS = 300
const ENTRIES_PER_OTHER_ITEM = 30

export default async function queuesBench(bench: BenchContext) {
  const database = await bench.openDatabase()
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
  })
  const deps = buildDeps({ env, database, logger: silentLogger })
  const app = createApp({ deps, webRoot: 'dist/web' })
  // The factories only need these parts of a test context.
  const ctx = { app, deps, database } as unknown as TestContext
  try {
    const started = performance.now()
    const { guild } = await buildGuild(ctx, { name: `Bench Queues ${Date.now()}` })
    const member = await buildMember(ctx, { guildId: guild.id })
    const call = requestAs(ctx, member.cookie)
    const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
      const r = await res
      if (r.status !== status) throw new Error(`${r.status}: ${await r.text()}`)
      return (await r.json()) as T
    }

    await database.db.execute(sql`
      insert into players (guild_id, name)
      select ${guild.id}::uuid, 'Player ' || lpad(g::text, 3, '0') from generate_series(1, ${PLAYERS}) as g`)
    await database.db.execute(sql`
      insert into items (guild_id, name, rarity, created_at)
      select ${guild.id}::uuid, 'Item ' || lpad(g::text, 3, '0'),
             (array['common', 'uncommon', 'rare', 'epic', 'legendary'])[1 + g % 5],
             now() - g * interval '1 minute'
      from generate_series(1, ${ITEMS}) as g`)
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
    await measure(bench, 'GET /items (200 items)', () => json(call('GET', '/api/v1/items')), runs)
    const todayStart = encodeURIComponent(new Date(new Date().setHours(0, 0, 0, 0)).toISOString())
    await measure(
      bench,
      'queues tab load (items + summary + queue)',
      () =>
        Promise.all([
          json(call('GET', '/api/v1/items')),
          json(call('GET', `/api/v1/items/summary?todayStart=${todayStart}`)),
          json(call('GET', `/api/v1/items/${big}/queue`)),
        ]),
      runs,
    )
    await measure(bench, 'GET /overview (200 items)', () => json(call('GET', '/api/v1/overview')), runs)
  } finally {
    await deps.realtime.stop()
    await database.close()
  }
}
