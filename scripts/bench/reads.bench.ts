// Reads over real HTTP, against the bare Hono hello-world of the same run: a guild of 300 players with 20
// items each queued with all 300 (issue 13). The app is served by @hono/node-server in production mode with
// its JSON request log formatted (and dropped); the load comes from a worker thread (scripts/bench/load.ts).
import { sql } from 'drizzle-orm'
import { buildGuild, buildMember, requestAs } from '../../server/test/factories'
import { fanout } from './fanout'
import { load } from './load'
import { serveBenchApp } from './served-app'
import type { BenchContext } from './support'

const PLAYERS = 300
const ITEMS = 20
const STREAMS = 1000
const PASSWORD = 'bench-public-password'
/** Warm-up first: the first seconds after seeding measure the JIT and the caches' first fill. */
const RUN = { connections: 16, seconds: 5, warmupSeconds: 2 }

export default async function readsBench(bench: BenchContext) {
  const { database, ctx, base, close } = await serveBenchApp(bench)
  try {
    const { guild } = await buildGuild(ctx, {
      name: `Bench Reads ${Date.now()}`,
      publicAccessPassword: PASSWORD,
    })
    const member = await buildMember(ctx, { guildId: guild.id })
    const call = requestAs(ctx, member.cookie)
    await database.db.execute(sql`
      insert into players (guild_id, name)
      select ${guild.id}::uuid, 'Player ' || lpad(g::text, 3, '0') from generate_series(1, ${PLAYERS}) as g`)
    await database.db.execute(sql`
      insert into items (guild_id, name, rarity, created_at)
      select ${guild.id}::uuid, 'Item ' || lpad(g::text, 2, '0'), 'epic', now() - g * interval '1 minute'
      from generate_series(1, ${ITEMS}) as g`)
    const { items } = (await (await call('GET', '/api/v1/items')).json()) as { items: { id: string }[] }
    // Through the API, whatever the queue's storage is.
    for (const item of items) {
      const res = await call('POST', `/api/v1/items/${item.id}/queue/add-all`)
      if (res.status !== 200) throw new Error(`add-all: ${res.status}`)
    }
    await database.db.execute(sql`analyze`)
    const itemId = items[0]!.id
    const entered = await fetch(`${base}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    const publicCookie = entered.headers.get('set-cookie')!.split(';')[0]!
    const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' }
    const publicPath = `/api/v1/public/guilds/${guild.slug}/items/${itemId}/queue`
    const first = await fetch(base + publicPath, { headers: { ...browser, cookie: publicCookie } })
    const publicBytes = (await first.arrayBuffer()).byteLength
    const sentBytes = Number(first.headers.get('content-length'))
    console.log(
      `[reads] ${bench.engine}: public queue is ${(publicBytes / 1024).toFixed(1)} kB of JSON, ` +
        `${(sentBytes / 1024).toFixed(1)} kB sent (${first.headers.get('content-encoding') ?? 'identity'})`,
    )

    const baseline = await bench.baseline()
    const publicRead = await load(base + publicPath, { headers: { ...browser, cookie: publicCookie } }, RUN)
    const ok = (statuses: Record<string, number>, code: string) =>
      Object.keys(statuses).length === 1 && (statuses[code] ?? 0) > 0
    bench.lines.push({
      name: 'public queue read (300 entries), 16 connections',
      value: publicRead.rps,
      unit: 'req/s',
      baseline,
      goal: '≥ 50 %',
      pass: publicRead.rps >= baseline / 2 && ok(publicRead.statuses, '200'),
    })
    bench.lines.push({
      name: 'public queue read, p99',
      value: publicRead.p99,
      unit: 'ms',
      goal: '≤ 20 ms',
      pass: publicRead.p99 <= 20 && ok(publicRead.statuses, '200'),
    })
    const etag = first.headers.get('etag')
    const revalidate = await load(
      base + publicPath,
      {
        headers: { ...browser, cookie: publicCookie, ...(etag ? { 'if-none-match': etag } : {}) },
      },
      RUN,
    )
    bench.lines.push({
      name: 'public queue read with If-None-Match',
      value: revalidate.rps,
      unit: 'req/s',
      baseline,
      goal: 'all 304',
      pass: ok(revalidate.statuses, '304'),
    })

    const dashboardPath = `/api/v1/items/${itemId}/queue`
    const dashboard = await load(
      base + dashboardPath,
      { headers: { ...browser, cookie: member.cookie } },
      RUN,
    )
    bench.lines.push({
      name: 'dashboard queue read (signed in), 16 connections',
      value: dashboard.rps,
      unit: 'req/s',
      baseline,
      goal: '≥ 25 %',
      pass: dashboard.rps >= baseline / 4 && ok(dashboard.statuses, '200'),
    })

    const view = (await (await call('GET', dashboardPath)).json()) as { entries: { id: string }[] }
    const fan = await fanout(
      base,
      {
        streams: STREAMS,
        events: { path: `/api/v1/public/guilds/${guild.slug}/events`, headers: { cookie: publicCookie } },
        refetch: { path: publicPath, headers: { ...browser, cookie: publicCookie } },
      },
      async () => {
        const res = await call('POST', `/api/v1/queue-entries/${view.entries[0]!.id}/received`)
        if (res.status !== 200) throw new Error(`award: ${res.status}`)
      },
    )
    bench.lines.push({
      name: `fan-out: last of ${STREAMS} public streams hears the award`,
      value: fan.lastEvent,
      unit: 'ms',
      goal: '≤ 1000 ms',
      pass: fan.lastEvent <= 1000,
    })
    bench.lines.push({
      name: `fan-out: last of ${STREAMS} refetches answered (after the award)`,
      value: fan.lastAnswer,
      unit: 'ms',
      goal: '≤ 2000 ms, all 200',
      pass: fan.lastAnswer <= 2000 && fan.answered === STREAMS,
    })
  } finally {
    await close()
  }
}
