// Reads over real HTTP, against the bare Hono hello-world of the same run: a guild of 300 players with 20
// items each queued with all 300 (issue 13). The app is served by @hono/node-server in production mode with
// its JSON request log formatted (and dropped); the load comes from a worker thread (scripts/bench/load.ts).
import { sql } from 'drizzle-orm'
import { fanout } from './fanout'
import { load } from './load'
import { itemIdsOf, queueEveryone, seedGuild } from './seed-guild'
import { serveBenchApp } from './served-app'
import type { BenchContext, Paired } from './support'

const PLAYERS = 300
const ITEMS = 20
const STREAMS = 1000
const PASSWORD = 'bench-public-password'

export default async function readsBench(bench: BenchContext) {
  const { database, ctx, base, close } = await serveBenchApp(bench)
  try {
    const { guild, member, call } = await seedGuild(ctx, {
      name: `Bench Reads ${Date.now()}`,
      players: PLAYERS,
      items: ITEMS,
      publicAccessPassword: PASSWORD,
    })
    const items = await itemIdsOf(call)
    await queueEveryone(call, items)
    await database.db.execute(sql`analyze`)
    const itemId = items[0]!
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

    const ok = (statuses: Record<string, number>, code: string) =>
      Object.keys(statuses).length === 1 && (statuses[code] ?? 0) > 0
    /** A read's line: its median round against that round's baseline, every round's ratio printed. */
    const readLine = (name: string, paired: Paired, goal: string, pass: (ratio: number) => boolean) => {
      const { app, baseline } = paired.median
      const ratios = paired.ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')
      console.log(`[reads] ${bench.engine}: ${name}: rounds ${ratios}`)
      bench.lines.push({
        name: `${name} (median of ${paired.ratios.length} rounds)`,
        value: app.rps,
        unit: 'req/s',
        baseline,
        goal,
        pass: pass(app.rps / baseline),
      })
    }

    const publicHeaders = { ...browser, cookie: publicCookie }
    const publicRead = await bench.againstBaseline((window) =>
      load(base + publicPath, { headers: publicHeaders }, window),
    )
    readLine(
      'public queue read (300 entries), 16 connections',
      publicRead,
      '≥ 50 %',
      (ratio) => ratio >= 0.5 && ok(publicRead.statuses, '200'),
    )
    bench.lines.push({
      name: 'public queue read, p99 (worst round)',
      value: publicRead.worstP99,
      unit: 'ms',
      goal: '≤ 20 ms',
      pass: publicRead.worstP99 <= 20 && ok(publicRead.statuses, '200'),
    })
    const etag = first.headers.get('etag')
    const revalidate = await bench.againstBaseline((window) =>
      load(
        base + publicPath,
        { headers: { ...publicHeaders, ...(etag ? { 'if-none-match': etag } : {}) } },
        window,
      ),
    )
    readLine('public queue read with If-None-Match', revalidate, 'all 304', () =>
      ok(revalidate.statuses, '304'),
    )

    const dashboardPath = `/api/v1/items/${itemId}/queue`
    const dashboard = await bench.againstBaseline((window) =>
      load(base + dashboardPath, { headers: { ...browser, cookie: member.cookie } }, window),
    )
    readLine(
      'dashboard queue read (signed in), 16 connections',
      dashboard,
      '≥ 25 %',
      (ratio) => ratio >= 0.25 && ok(dashboard.statuses, '200'),
    )

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
