import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { players } from '../db/schema'
import { sessionCookieOf } from '../modules/accounts/accounts.test-support'
import { buildGuild, buildItem, buildPlayer, DEFAULT_PASSWORD, type Actor } from '../test/factories'
import { fileTestContext } from '../test/harness'

// docs/decisions/004-request-hardening.md: state-changing requests only from the app's own pages.

const TRUSTED = 'https://admin.guild.example'
const ctx = await fileTestContext({ env: { TRUSTED_ORIGINS: `${TRUSTED}, http://192.168.1.50:8080` } })

/** A raw request: full URL (its host is the request's own origin), headers exactly as given. */
function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  remoteAddress = '10.9.8.7',
) {
  return ctx.app.request(url, init, { incoming: { socket: { remoteAddress } } })
}

async function guildWithPlayer() {
  const { guild, admin } = await buildGuild(ctx)
  const player = await buildPlayer(ctx, guild.id, { name: 'Thorin' })
  return { guild, admin, player }
}

const namesIn = async (guildId: string) =>
  (await ctx.database.db.select().from(players).where(eq(players.guildId, guildId))).map((p) => p.name).sort()

async function expectRefused(res: Response, status: 403 | 415) {
  expect(res.status).toBe(status)
  const body = (await res.json()) as { error: { code: string } }
  expect(body.error.code).toBe(status === 403 ? 'ORIGIN_NOT_ALLOWED' : 'UNSUPPORTED_MEDIA_TYPE')
}

/** A player of a name of its own each time (a guild's players never share one: docs/product-rules.md). */
let created = 0
const createPlayer = (admin: Actor, url: string, headers: Record<string, string>) =>
  send(url, {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: `Intruder ${++created}` }),
  })

describe('cross-site requests are refused before any handler runs', () => {
  it('refuses another origin, Origin null and a foreign Referer, with the session cookie, changing nothing', async () => {
    const { guild, admin, player } = await guildWithPlayer()
    const url = 'http://localhost:3000/api/v1/players'
    await expectRefused(await createPlayer(admin, url, { origin: 'http://evil.example' }), 403)
    await expectRefused(await createPlayer(admin, url, { origin: 'null' }), 403)
    await expectRefused(await createPlayer(admin, url, { referer: 'http://evil.example/page' }), 403)
    // A look-alike of the app's own address is another origin.
    await expectRefused(await createPlayer(admin, url, { origin: 'http://localhost:3001' }), 403)
    await expectRefused(await createPlayer(admin, url, { origin: 'https://localhost:3000' }), 403)
    const remove = await send(`http://localhost:3000/api/v1/players/${player.id}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin: 'http://evil.example' },
    })
    await expectRefused(remove, 403)
    expect(await namesIn(guild.id)).toEqual(['Thorin'])
  })

  it('refuses a cross-site HTML form post and a text/plain post (the requests that need no CORS preflight)', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const item = await buildItem(ctx, guild.id)
    await buildPlayer(ctx, guild.id)
    const addAll = `http://localhost:3000/api/v1/items/${item.id}/queue/add-all`
    const formPost = (origin: string) =>
      send(addAll, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded', origin },
        body: 'a=1',
      })
    await expectRefused(await formPost('http://evil.example'), 403)
    // From the app's own page too: a body that is not JSON never reaches a handler.
    await expectRefused(await formPost('http://localhost:3000'), 415)
    const textPlain = { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:3000' }
    await expectRefused(await createPlayer(admin, 'http://localhost:3000/api/v1/players', textPlain), 415)
    const multipart = { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=x' }
    await expectRefused(await send(addAll, { method: 'POST', headers: multipart, body: '--x--' }), 415)
    const queue = await admin.request('GET', `/api/v1/items/${item.id}/queue`)
    expect(((await queue.json()) as { entries: unknown[] }).entries).toEqual([])
    expect(await namesIn(guild.id)).toHaveLength(1)
  })

  it('allows the app at any address it is opened at: localhost, 127.0.0.1, a LAN IP, by Origin or Referer', async () => {
    const { guild, admin } = await buildGuild(ctx)
    for (const base of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://192.168.1.23:3000']) {
      const res = await createPlayer(admin, `${base}/api/v1/players`, { origin: base })
      expect(res.status, base).toBe(201)
    }
    const byReferer = await createPlayer(admin, 'http://127.0.0.1:3000/api/v1/players', {
      referer: 'http://127.0.0.1:3000/dashboard/players',
    })
    expect(byReferer.status).toBe(201)
    // The same page address, asked at another port, is not the request's own origin.
    await expectRefused(
      await createPlayer(admin, 'http://127.0.0.1:3000/api/v1/players', { origin: 'http://127.0.0.1:4000' }),
      403,
    )
    expect(await namesIn(guild.id)).toHaveLength(4)
  })

  it('allows each TRUSTED_ORIGINS entry, and clients that send neither Origin nor Referer (curl)', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const url = 'http://localhost:3000/api/v1/players'
    expect((await createPlayer(admin, url, { origin: TRUSTED })).status).toBe(201)
    expect((await createPlayer(admin, url, { origin: 'http://192.168.1.50:8080' })).status).toBe(201)
    expect((await createPlayer(admin, url, {})).status).toBe(201)
    expect(await namesIn(guild.id)).toHaveLength(3)
  })

  it('lets safe methods through from anywhere (they change nothing)', async () => {
    const { admin } = await buildGuild(ctx)
    const res = await send('http://localhost:3000/api/v1/players', {
      method: 'GET',
      headers: { cookie: admin.cookie, origin: 'http://evil.example' },
    })
    expect(res.status).toBe(200)
  })

  it('believes X-Forwarded-Proto only from a trusted proxy (loopback by default)', async () => {
    const { admin } = await buildGuild(ctx)
    const url = 'http://lq.example.org/api/v1/players'
    const headers = { origin: 'https://lq.example.org', 'x-forwarded-proto': 'https' }
    expect((await send(url, postAs(admin, headers), '127.0.0.1')).status).toBe(201)
    await expectRefused(await send(url, postAs(admin, headers), '203.0.113.9'), 403)
  })

  it('leaves the billing webhook (signed by Stripe, sent by no browser) to its own check', async () => {
    const res = await send('http://localhost:3000/api/v1/billing/webhook', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    })
    const body = (await res.json()) as { error?: { code: string } }
    expect(body.error?.code).not.toBe('ORIGIN_NOT_ALLOWED')
    expect(body.error?.code).not.toBe('UNSUPPORTED_MEDIA_TYPE')
  })
})

function postAs(admin: Actor, headers: Record<string, string>) {
  return {
    method: 'POST',
    headers: { cookie: admin.cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: `Player ${Math.random()}` }),
  }
}

describe('better-auth routes get the same check', () => {
  const signIn = (base: string, email: string, headers: Record<string, string>) =>
    send(
      `${base}/api/v1/auth/sign-in/email`,
      {
        method: 'POST',
        // A browser that was here before holds the language cookie, so better-auth checks the origin too.
        headers: { 'content-type': 'application/json', cookie: 'lq_lang=pt', ...headers },
        body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
      },
      `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    )

  it('signs in at http://127.0.0.1:3000, at a LAN address and from a TRUSTED_ORIGINS page', async () => {
    const { admin } = await buildGuild(ctx)
    for (const [base, origin] of [
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['http://192.168.1.23:3000', 'http://192.168.1.23:3000'],
      ['http://localhost:3000', TRUSTED],
    ] as const) {
      const res = await signIn(base, admin.user.email, { origin })
      expect(res.status, `${base} from ${origin}: ${await res.clone().text()}`).toBe(200)
      expect(sessionCookieOf(res)).toMatch(/^lq\.session_token=/)
    }
  })

  it('refuses a sign-in or sign-out posted from another origin, with our code', async () => {
    const { admin } = await buildGuild(ctx)
    await expectRefused(
      await signIn('http://127.0.0.1:3000', admin.user.email, { origin: 'http://evil.example' }),
      403,
    )
    const signOut = await send('http://localhost:3000/api/v1/auth/sign-out', {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: 'null', 'content-type': 'application/json' },
      body: '{}',
    })
    await expectRefused(signOut, 403)
    expect((await admin.request('GET', '/api/v1/me')).status).toBe(200)
  })
})
