import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildGuild, buildItem, buildPlayer } from '../test/factories'
import { fileTestContext } from '../test/harness'

// server/lib/api-framing.ts: what the framing of an API request and answer already tells.

const ctx = await fileTestContext()
const ORIGIN = 'http://localhost:3000'

describe('API framing', () => {
  it('a JSON answer states its length; a small one is sent as it is, a large one gzipped', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const gzip = { 'accept-encoding': 'gzip' }
    const small = await admin.request('GET', '/api/v1/me', undefined, gzip)
    const text = await small.text()
    expect(small.status).toBe(200)
    expect(small.headers.get('content-type')).toMatch(/^application\/json/)
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    expect(small.headers.get('content-encoding')).toBeNull()
    for (let i = 0; i < 40; i++) await buildPlayer(ctx, guild.id, { name: `Raider with a long name ${i}` })
    const large = await admin.request('GET', '/api/v1/players', undefined, gzip)
    expect(large.status).toBe(200)
    expect(large.headers.get('content-encoding')).toBe('gzip')
    expect(large.headers.get('vary')).toMatch(/accept-encoding/i)
    const body = JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString())
    expect(body.players).toHaveLength(40)
    // A client that takes no gzip gets the same JSON as it is, and a cache is told it varies.
    const identity = await admin.request('GET', '/api/v1/players', undefined, {
      'accept-encoding': 'identity',
    })
    expect(identity.headers.get('content-encoding')).toBeNull()
    expect(identity.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(await identity.json()).toEqual(body)
  })

  it('every answer states the length it sends: a dashboard queue read filling the cache, then served from it', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const item = await buildItem(ctx, guild.id)
    for (let i = 0; i < 30; i++) await buildPlayer(ctx, guild.id, { name: `Raider with a long name ${i}` })
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    // The add-all's event dropped the cached queue: the first read fills it, the others are served from it.
    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity', 'gzip']) {
      const res = await admin.request('GET', `/api/v1/items/${item.id}/queue`, undefined, {
        'accept-encoding': encoding,
      })
      const sent = Buffer.from(await res.arrayBuffer())
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length'), encoding).toBe(String(sent.length))
      const text =
        res.headers.get('content-encoding') === 'gzip' ? gunzipSync(sent).toString() : sent.toString()
      expect(JSON.parse(text).entries).toHaveLength(30)
    }
  })

  it('a POST without a body takes the optional-body route; one with a body but no JSON type is refused', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const item = await buildItem(ctx, guild.id)
    await buildPlayer(ctx, guild.id, { name: 'Ana' })
    const addAll = `http://localhost:3000/api/v1/items/${item.id}/queue/add-all`
    const headers = { cookie: admin.cookie, origin: ORIGIN }
    for (const framing of [{}, { 'content-length': '0' }] as Record<string, string>[]) {
      const res = await ctx.app.request(addAll, { method: 'POST', headers: { ...headers, ...framing } })
      expect(res.status, JSON.stringify(framing)).toBe(200)
    }
    const withBody = await ctx.app.request(addAll, { method: 'POST', headers, body: '{"x":1}' })
    expect(withBody.status).toBe(415)
  })
})
