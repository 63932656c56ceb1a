import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildGuild, buildPlayer } from '../../test/factories'
import { expectShortWayAsFull } from '../../lib/reads-before-router.test-support'
import { appBeside, fileTestContext, headersButDate } from '../../test/harness'
import { ACCESS_TTL_MS } from './public-cookie'
import { publicClient } from './public.test-support'

// The short way of a cached public read (public-cached-read.ts, server/lib/reads-before-router.ts): it answers with exactly what the full route
// answers, and only when everything it needs is in memory. Whether a read went the short way is seen from the
// session lookup, which only the full way does.

const PASSWORD = 'short-way-pass'
const ctx = await fileTestContext()

/** An app on the test database whose session lookups are counted. */
async function countedApp() {
  const beside = await appBeside(ctx)
  return { ...beside, lookups: vi.spyOn(beside.deps.sessions, 'resolve') }
}

describe('a cached public read', () => {
  it('is answered before the router with the headers and body of the full route, gzip and 304', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    for (const name of ['Ana', 'Bruno', 'Caio'])
      await buildPlayer(ctx, guild.id, { name: `${name} ${'x'.repeat(400)}` })
    const item = await (await admin.request('POST', '/api/v1/items', { name: 'Arco', rarity: 'rare' })).json()
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    // Past the size below which answers are not gzipped (read-cache.ts), for the view too.
    const publicRules = 'Be kind. '.repeat(150)
    expect((await admin.request('PUT', '/api/v1/public-rules', { publicRules })).status).toBe(200)
    const { cookie } = await publicClient(ctx).enter(guild.slug, PASSWORD)
    const { app, lookups, stop } = await countedApp()
    try {
      for (const path of [
        `/api/v1/public/guilds/${guild.slug}/items/${item.id}/queue`,
        `/api/v1/public/guilds/${guild.slug}/view`,
      ]) {
        const get = (headers: Record<string, string> = {}) =>
          app.request(path, { headers: { cookie: cookie!, 'accept-encoding': 'gzip, br', ...headers } })
        lookups.mockClear()
        const { short, body } = await expectShortWayAsFull(get, lookups)
        expect(short.headers.get('x-content-type-options')).toBe('nosniff')

        const etag = short.headers.get('etag')!
        const fullNotModified = await (async () => {
          // The full way's 304: a client without gzip at all is not served the short way for a 200, but
          // a 304 is the same for everyone: compare with the route's own 304 from a fresh app.
          const fresh = await countedApp()
          try {
            await fresh.app.request(path, { headers: { cookie: cookie! } })
            return await fresh.app.request(path, { headers: { cookie: cookie!, 'if-none-match': etag } })
          } finally {
            await fresh.stop()
          }
        })()
        const notModified = await get({ 'if-none-match': etag })
        expect(lookups).toHaveBeenCalledTimes(1)
        expect(notModified.status).toBe(304)
        expect(headersButDate(notModified)).toEqual(headersButDate(fullNotModified))
        expect(await notModified.text()).toBe('')

        // No gzip accepted: the full way, identity body.
        const plain = await app.request(path, { headers: { cookie: cookie! } })
        expect(lookups).toHaveBeenCalledTimes(2)
        expect(plain.headers.get('content-encoding')).toBeNull()
        expect(await plain.text()).toBe(body)
      }
    } finally {
      await stop()
    }
  })

  it('refuses the short way to a forged, missing or other guild cookie, as the route does', async () => {
    const a = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const b = await buildGuild(ctx, { publicAccessPassword: 'other-pass' })
    const { cookie } = await publicClient(ctx).enter(a.guild.slug, PASSWORD)
    const bCookie = (await publicClient(ctx).enter(b.guild.slug, 'other-pass')).cookie!
    const { app, lookups, stop } = await countedApp()
    try {
      const view = `/api/v1/public/guilds/${a.guild.slug}/view`
      const get = (c?: string) =>
        app.request(view, { headers: { 'accept-encoding': 'gzip', ...(c ? { cookie: c } : {}) } })
      expect((await get(cookie!)).status).toBe(200)
      expect((await get(cookie!)).status).toBe(200)
      lookups.mockClear()
      const [name, value] = cookie!.split('=') as [string, string]
      const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
      const bUnderA = `${name}=${bCookie.split('=')[1]}`
      for (const c of [undefined, forged, bUnderA, bCookie]) {
        const res = await get(c)
        expect(res.status, c).toBe(401)
        const bytes = Buffer.from(await res.arrayBuffer())
        const text = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes
        expect(JSON.parse(text.toString()).error.code).toBe('PUBLIC_ACCESS_REQUIRED')
      }
      expect(lookups).toHaveBeenCalledTimes(4)
    } finally {
      await stop()
    }
  })
})

describe('an answer remembered for its path and cookies', () => {
  const HOUR = 60 * 60 * 1000
  const DAY = 24 * HOUR
  afterEach(() => ctx.setNow(null))

  /** A guild whose public queue is past the gzip threshold, entered at `at`; its queue read, as a browser asks. */
  async function enteredAt(at: Date, createdAt: Date) {
    ctx.setNow(at)
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD, createdAt })
    for (const name of ['Ana', 'Bruno', 'Caio'])
      await buildPlayer(ctx, guild.id, { name: `${name} ${'x'.repeat(400)}` })
    const item = await (await admin.request('POST', '/api/v1/items', { name: 'Arco', rarity: 'rare' })).json()
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    const { cookie } = await publicClient(ctx).enter(guild.slug, PASSWORD)
    const path = `/api/v1/public/guilds/${guild.slug}/items/${item.id}/queue`
    return { admin, itemId: item.id as string, path, cookie: cookie! }
  }

  /** An app whose read-cache lookups are counted: a remembered answer needs none. */
  async function rememberingApp(path: string, cookie: string) {
    const beside = await appBeside(ctx)
    const lookups = vi.spyOn(beside.deps.readCache, 'get')
    const get = async () => {
      const res = await beside.app.request(path, { headers: { cookie, 'accept-encoding': 'gzip' } })
      const bytes = Buffer.from(await res.arrayBuffer())
      const text = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes
      return { status: res.status, json: JSON.parse(text.toString()) }
    }
    // The full way fills the cache, the short way decides and remembers, then the answer is remembered.
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(200)
    lookups.mockClear()
    expect((await get()).status).toBe(200)
    expect(lookups).not.toHaveBeenCalled()
    return { ...beside, lookups, get }
  }

  // The guild's age when the browser enters, and when time alone then closes its access: the cookie's
  // expiry (12 hours), or a trial's end, 4 days after creation (docs/product-rules.md).
  it.each([
    ['the access cookie expires', DAY, ACCESS_TTL_MS, [401, 'PUBLIC_ACCESS_REQUIRED']],
    ['a trial ends', 4 * DAY - 2 * HOUR, 2 * HOUR, [403, 'PUBLIC_TRIAL_EXPIRED']],
  ] as const)('until %s, not after', async (_, age, closesIn, refusal) => {
    const at = new Date('2030-05-01T12:00:00Z')
    const { path, cookie } = await enteredAt(at, new Date(at.getTime() - age))
    const { get, lookups, stop } = await rememberingApp(path, cookie)
    try {
      ctx.setNow(new Date(at.getTime() + closesIn - 1))
      expect((await get()).status).toBe(200)
      expect(lookups).not.toHaveBeenCalled()
      ctx.setNow(new Date(at.getTime() + closesIn))
      const closed = await get()
      expect([closed.status, closed.json.error.code]).toEqual(refusal)
    } finally {
      await stop()
    }
  })

  it('until anything cached is dropped: the next read decides anew and sees the write', async () => {
    const at = new Date('2030-05-01T12:00:00Z')
    const { admin, itemId, path, cookie } = await enteredAt(at, new Date(at.getTime() - DAY))
    const { get, lookups, stop } = await rememberingApp(path, cookie)
    try {
      const before = (await get()).json
      const first = before.entries[0]
      const { entries } = await (await admin.request('GET', `/api/v1/items/${itemId}/queue`)).json()
      const entry = entries[0]
      expect((await admin.request('POST', `/api/v1/queue-entries/${entry.id}/received`)).status).toBe(200)
      const after = await get()
      expect(lookups).toHaveBeenCalled()
      expect(after.status).toBe(200)
      expect(after.json.entries.at(-1).playerId).toBe(first.playerId)
      expect(after.json.lastRecipient.playerId).toBe(first.playerId)
    } finally {
      await stop()
    }
  })
})
