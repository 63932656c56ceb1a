import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { buildGuild, buildPlayer } from '../../test/factories'
import { freePort } from '../../test/free-port'
import { ENGINE, fileTestContext } from '../../test/harness'
import { publicClient } from '../../modules/public/public.test-support'
import { readSse } from '../../modules/live-updates/sse.test-support'
import { startMetricsServer } from './metrics-endpoint'

// Metrics are never public (on the app's port only with METRICS_TOKEN, else on METRICS_PORT), and their labels
// name route templates, never a slug, an id or a path (docs/decisions/017-running-as-a-service.md).

const TOKEN = 'metrics-token-for-tests-0123456789'
const PASSWORD = 'metrics-public-pass'
const ctx = await fileTestContext({ env: { METRICS_TOKEN: TOKEN } })

const scrape = async (token = TOKEN) => {
  const res = await ctx.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return res.text()
}

/** The value of one series (`name{labels}` as printed), or undefined when it is not there. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

describe('metrics on the app port', () => {
  it('are refused without the bearer token, and absent when no token is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', TOKEN, `Basic ${TOKEN}`]) {
      const res = await ctx.app.request('/metrics', {
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(res.status, String(authorization)).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
      expect(await res.text()).not.toContain('lootqueue_')
    }
    // Without METRICS_TOKEN the app's port has no metrics at all: /metrics is just another page address.
    const untokened = createApp({
      deps: { ...ctx.deps, env: { ...ctx.deps.env, METRICS_TOKEN: undefined } },
      webRoot: 'dist/web',
    })
    const res = await untokened.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(await res.text()).not.toContain('lootqueue_')
  })

  it('label requests by route template and status, never by slug, id or path', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    for (const name of ['Ana', 'Bruno']) await buildPlayer(ctx, guild.id, { name })
    const item = await (await admin.request('POST', '/api/v1/items', { name: 'Arco', rarity: 'rare' })).json()
    const added = await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)
    expect(added.status).toBe(200)
    const queue = await (await admin.request('GET', `/api/v1/items/${item.id}/queue`)).json()
    const received = await admin.request('POST', `/api/v1/queue-entries/${queue.entries[0].id}/received`)
    expect(received.status).toBe(200)
    // A dashboard queue read again (the second from the cache, before the router) and a refused write.
    for (let i = 0; i < 2; i++)
      expect((await admin.request('GET', `/api/v1/items/${item.id}/queue`)).status).toBe(200)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await admin.request('POST', `/api/v1/queue-entries/${missing}/absent`)).status).toBe(404)
    // The public page, twice, the second answered from the cache before the router.
    const { cookie } = await publicClient(ctx).enter(guild.slug, PASSWORD)
    for (let i = 0; i < 2; i++) {
      const view = await ctx.app.request(`/api/v1/public/guilds/${guild.slug}/view`, {
        headers: { cookie: cookie!, 'accept-encoding': 'gzip' },
      })
      expect(view.status).toBe(200)
    }
    expect((await ctx.app.request(`/api/v1/no-such/${missing}`)).status).toBe(404)

    const text = await scrape()
    for (const secret of [guild.slug, guild.id, item.id, queue.entries[0].id, missing, 'no-such'])
      expect(text).not.toContain(secret)
    expect(text).not.toMatch(UUID)
    const requests = (method: string, route: string, status: number) =>
      seriesValue(
        text,
        `lootqueue_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`,
      )
    expect(requests('GET', '/api/v1/items/:id/queue', 200)).toBeGreaterThanOrEqual(3)
    expect(requests('GET', '/api/v1/public/guilds/:slug/view', 200)).toBeGreaterThanOrEqual(2)
    expect(requests('POST', '/api/v1/queue-entries/:id/received', 200)).toBeGreaterThanOrEqual(1)
    expect(requests('GET', '/api/*', 404)).toBeGreaterThanOrEqual(1)
    const writes = (route: string, status: number) =>
      seriesValue(text, `lootqueue_queue_write_duration_seconds_count{route="${route}",status="${status}"}`)
    expect(writes('/api/v1/queue-entries/:id/received', 200)).toBeGreaterThanOrEqual(1)
    expect(writes('/api/v1/queue-entries/:id/absent', 404)).toBeGreaterThanOrEqual(1)
    expect(writes('/api/v1/items/:id/queue/add-all', 200)).toBeGreaterThanOrEqual(1)
    // Reads are not queue writes.
    expect(text).not.toContain(
      'lootqueue_queue_write_duration_seconds_count{route="/api/v1/items/:id/queue",',
    )
    expect(seriesValue(text, 'lootqueue_read_cache_hits_total')).toBeGreaterThanOrEqual(2)
    expect(seriesValue(text, 'lootqueue_read_cache_misses_total')).toBeGreaterThanOrEqual(2)
    expect(seriesValue(text, 'lootqueue_read_cache_bytes')).toBeGreaterThan(0)
    expect(seriesValue(text, 'lootqueue_read_cache_max_bytes')).toBe(64 * 1024 * 1024)
  })

  it('count rate-limit refusals by limit, open event streams, the outbox and the pool', async () => {
    const { guild } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const client = publicClient(ctx)
    const refusedBefore =
      seriesValue(await scrape(), 'lootqueue_rate_limit_refusals_total{limit="public"}') ?? 0
    let refused = 0
    for (let i = 0; i < 12; i++) {
      const { res } = await client.enter(guild.slug, 'wrong-password', { ip: '203.0.113.9' })
      if (res.status === 429) refused++
    }
    expect(refused).toBeGreaterThan(0)

    const { cookie } = await client.enter(guild.slug, PASSWORD)
    const stream = readSse(
      await ctx.app.request(`/api/v1/public/guilds/${guild.slug}/events`, { headers: { cookie: cookie! } }),
    )
    try {
      await stream.waitFor('ready')
      const text = await scrape()
      expect(seriesValue(text, 'lootqueue_rate_limit_refusals_total{limit="public"}')).toBe(
        refusedBefore + refused,
      )
      expect(text).not.toContain('203.0.113.9')
      expect(seriesValue(text, 'lootqueue_event_streams')).toBeGreaterThanOrEqual(1)
      expect(seriesValue(text, 'lootqueue_realtime_listening')).toBe(1)
      expect(seriesValue(text, 'lootqueue_outbox_pending')).toBe(0)
      expect(seriesValue(text, 'lootqueue_outbox_oldest_pending_age_seconds')).toBe(0)
      if (ENGINE === 'postgres') {
        expect(seriesValue(text, 'lootqueue_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
        expect(seriesValue(text, 'lootqueue_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1)
        expect(seriesValue(text, 'lootqueue_db_pool_waiting')).toBe(0)
        expect(seriesValue(text, 'lootqueue_db_pool_max_connections')).toBe(25)
      } else expect(text).not.toContain('lootqueue_db_pool')
    } finally {
      await stream.close()
    }
    expect(seriesValue(await scrape(), 'lootqueue_event_streams')).toBe(0)
  })
})

describe('metrics on their own port (METRICS_PORT)', () => {
  const servers: { close: () => Promise<void> }[] = []
  afterAll(async () => {
    for (const server of servers) await server.close()
  })

  it('serve /metrics there, nothing else, and ask for the token when one is set', async () => {
    const open = await startMetricsServer({
      metrics: ctx.deps.metrics,
      port: await freePort(),
      hostname: '127.0.0.1',
    })
    servers.push(open)
    const base = `http://127.0.0.1:${open.port}`
    const res = await fetch(`${base}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('# TYPE lootqueue_http_request_duration_seconds histogram')
    expect((await fetch(`${base}/`)).status).toBe(404)
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(404)

    const guarded = await startMetricsServer({
      metrics: ctx.deps.metrics,
      port: await freePort(),
      hostname: '127.0.0.1',
      token: TOKEN,
    })
    servers.push(guarded)
    const guardedUrl = `http://127.0.0.1:${guarded.port}/metrics`
    expect((await fetch(guardedUrl)).status).toBe(401)
    const allowed = await fetch(guardedUrl, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(allowed.status).toBe(200)
    expect(await allowed.text()).toContain('lootqueue_read_cache_hits_total')
  })
})
