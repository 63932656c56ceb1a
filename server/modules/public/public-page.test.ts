import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../app'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { addHistory, addQueueEntry, publicClient } from './public.test-support'

// A public guild page's first answer (public-page.ts), rendered by the web app's own server rendering from
// its source (web/entry-server.tsx), as the build's would.

const PASSWORD = 'Sekr3t-Raid-Night-7731'
const ctx = await fileTestContext()
const client = publicClient(ctx)

const webRoot = mkdtempSync(join(tmpdir(), 'lq-public-page-'))
mkdirSync(join(webRoot, 'assets'))
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><title>LootQueue</title><!--lq-head-->' +
    '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-1.js"></head>' +
    '<body><div id="root"></div><noscript>needs JavaScript</noscript></body></html>',
)
afterAll(() => rmSync(webRoot, { recursive: true, force: true }))
let renders = 0
const app = createApp({
  deps: ctx.deps,
  webRoot,
  pageRenderer: async () => {
    const renderer = await import('../../../web/entry-server')
    return {
      ...renderer,
      renderPublicGuildPage: (...args: Parameters<typeof renderer.renderPublicGuildPage>) => {
        renders++
        return renderer.renderPublicGuildPage(...args)
      },
    }
  },
})

const page = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { 'accept-language': 'pt-BR', ...headers } })

async function raidGuild(name: string) {
  const { guild } = await buildGuild(ctx, { name, publicAccessPassword: PASSWORD })
  const item = await buildItem(ctx, guild.id, { name: 'Thunderfury', rarity: 'legendary' })
  const hidden = await buildItem(ctx, guild.id, { name: 'Secret Blade', isPublicVisible: false })
  const names = ['Alyndra', 'Borvak', 'Cyrelle']
  for (const [index, playerName] of names.entries()) {
    const player = await buildPlayer(ctx, guild.id, { name: playerName })
    await addQueueEntry(ctx, { guildId: guild.id, itemId: item.id, playerId: player.id, position: index + 1 })
  }
  await addHistory(ctx, {
    guildId: guild.id,
    itemId: item.id,
    itemName: item.name,
    playerName: 'Dravenholt',
    at: new Date('2030-03-01T20:00:00Z'),
  })
  const { cookie } = await client.enter(guild.slug, PASSWORD)
  return { guild, item, hidden, names, cookie: cookie! }
}

const tag = (html: string, attribute: string) => new RegExp(`<meta ${attribute}="([^"]*)"`).exec(html)?.[1]

describe('a public guild page', () => {
  it('sets the access cookie on the page path too, so the page itself can be answered with the queue', async () => {
    const { guild } = await buildGuild(ctx, { name: 'Cookie Paths', publicAccessPassword: PASSWORD })
    const { res } = await client.enter(guild.slug, PASSWORD)
    const paths = res.headers.getSetCookie().map((c) => /Path=([^;]+)/.exec(c)?.[1])
    expect(paths).toEqual([`/api/v1/public/guilds/${guild.slug}`, `/guilds/${guild.slug}`])
  })

  it('carries the queue as HTML, with its data for the browser, only for a valid access cookie', async () => {
    const { guild, item, names, cookie } = await raidGuild('Queue Html')
    const res = await page(`/guilds/${guild.slug}?item=${item.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const html = await res.text()
    for (const name of names) expect(html).toContain(`>${name}</a>`)
    expect(html.match(/data-testid="queue-row"/g)).toHaveLength(3)
    expect(html).toContain(
      '<h1 class="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">Queue Html</h1>',
    )
    expect(html).toContain('Dravenholt')
    expect(html).not.toContain('Secret Blade')
    expect(html).not.toContain('needs JavaScript')
    // Painted before the app's modules are fetched, as the prerendered site pages (decision 014).
    expect(html).not.toContain('modulepreload')
    const data = JSON.parse(
      /<script type="application\/json" id="lq-server-data">(.*?)<\/script>/.exec(html)![1]!,
    )
    expect(data.language).toBe('pt')
    expect(data.queries.map(([key]: [string[]]) => key.join('/'))).toEqual([
      `public/${guild.slug}/gate`,
      `public/${guild.slug}/view`,
      `public/${guild.slug}/queue/${item.id}`,
    ])

    // Without the cookie, with a wrong one, or from another guild: the shell and the preview, never a name.
    const other = await raidGuild('Other Guild')
    const strangers: Record<string, string>[] = [
      {},
      { cookie: cookie.replace(/.$/, 'x') },
      { cookie: other.cookie },
    ]
    for (const headers of strangers) {
      const shell = await page(`/guilds/${guild.slug}?item=${item.id}`, headers)
      expect(shell.status).toBe(200)
      const text = await shell.text()
      for (const name of [...names, 'Dravenholt', 'Thunderfury']) expect(text).not.toContain(name)
      expect(text).toContain('<div id="root"></div>')
      // The browser draws this one itself: its modules are fetched beside the stylesheet.
      expect(text).toContain('modulepreload')
    }
  })

  it('renders once per change of the guild, like its cached view', async () => {
    const { guild, item, cookie } = await raidGuild('Cached Html')
    const before = renders
    const first = await page(`/guilds/${guild.slug}?item=${item.id}`, { cookie })
    const again = await page(`/guilds/${guild.slug}?item=${item.id}`, { cookie, 'accept-encoding': 'gzip' })
    expect(renders - before).toBe(1)
    expect(again.headers.get('content-encoding')).toBe('gzip')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    const unchanged = await page(`/guilds/${guild.slug}?item=${item.id}`, {
      cookie,
      'if-none-match': first.headers.get('etag')!,
    })
    expect(unchanged.status).toBe(304)

    // A new player in the queue: the page is rendered anew, with them.
    const player = await buildPlayer(ctx, guild.id, { name: 'Zephyrine' })
    await addQueueEntry(ctx, { guildId: guild.id, itemId: item.id, playerId: player.id, position: 4 })
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'queues', itemId: item.id })
    const after = await page(`/guilds/${guild.slug}?item=${item.id}`, { cookie })
    expect(await after.text()).toContain('Zephyrine')
    expect(renders - before).toBe(2)
  })

  it('shows a link preview with the guild name and "Loot queues", no player names, in the reader language', async () => {
    const { guild, item, names, cookie } = await raidGuild('Preview Guild')
    for (const [language, description, image] of [
      ['pt-BR', 'Filas de loot', 'og-image.png'],
      ['en', 'Loot queues', 'og-image-en.png'],
    ] as const) {
      const readers: Record<string, string>[] = [
        { 'accept-language': language },
        { 'accept-language': language, cookie },
      ]
      for (const headers of readers) {
        const html = await (await page(`/guilds/${guild.slug}?item=${item.id}`, headers)).text()
        expect(tag(html, 'property="og:title" content')).toBe('Preview Guild · LootQueue')
        expect(tag(html, 'property="og:description" content')).toBe(description)
        expect(tag(html, 'name="description" content')).toBe(description)
        expect(tag(html, 'property="og:image" content')).toBe(`${ctx.deps.env.APP_URL}/${image}`)
        expect(tag(html, 'name="robots" content')).toBe('noindex')
        const head = html.slice(0, html.indexOf('</head>'))
        for (const name of names) expect(head).not.toContain(name)
      }
    }
  })

  it('answers an unknown guild with 404, and a player page with the shell', async () => {
    const missing = await page('/guilds/no-such-guild')
    expect(missing.status).toBe(404)
    const { guild, cookie } = await raidGuild('Player Shell')
    const player = await page(`/guilds/${guild.slug}/players/${crypto.randomUUID()}`, { cookie })
    expect(player.status).toBe(200)
    expect(await player.text()).toContain('<div id="root"></div>')
  })
})

describe('a public guild page while the database is out of reach', () => {
  it('answers a page in the reader language, 503 with Retry-After, never JSON, and the page again once it is back', async () => {
    const { guild, item, cookie } = await raidGuild('Outage Guild')
    const player = crypto.randomUUID()
    // Every statement is refused as by a server that went away (database-outage.ts), and the listener is
    // down, so no cache answers either (docs/decisions/017-running-as-a-service.md).
    const driver = (ctx.database.db as unknown as { $client: { query: () => Promise<unknown> } }).$client
    const refused = vi.spyOn(driver, 'query').mockImplementation(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    })
    const caughtUp = vi.spyOn(ctx.deps.realtime, 'caughtUp').mockReturnValue(false)
    try {
      for (const [language, lang, title] of [
        ['pt-BR', 'pt-BR', 'Filas da guild · LootQueue'],
        ['en', 'en-US', 'Guild queues · LootQueue'],
      ] as const) {
        for (const path of [
          `/guilds/${guild.slug}?item=${item.id}`,
          `/guilds/${guild.slug}/players/${player}`,
          '/guilds/no-such-guild',
        ]) {
          const res = await page(path, { 'accept-language': language, accept: 'text/html', cookie })
          expect(res.status, path).toBe(503)
          expect(res.headers.get('retry-after')).toBe('5')
          expect(res.headers.get('content-type')).toMatch(/^text\/html/)
          expect(res.headers.get('cache-control')).toBe('no-store')
          const html = await res.text()
          expect(html).toContain(`<html lang="${lang}"`)
          expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(title)
          expect(tag(html, 'name="robots" content')).toBe('noindex')
          // The app's shell: the browser renders the page, says the service is unavailable and tries again.
          expect(html).toContain('<div id="root"></div>')
          expect(html).not.toContain('SERVICE_UNAVAILABLE')
        }
      }
      // The API keeps its JSON answer.
      const api = await app.request(`/api/v1/public/guilds/${guild.slug}`)
      expect(api.status).toBe(503)
      expect(api.headers.get('content-type')).toMatch(/^application\/json/)
      expect(refused).toHaveBeenCalled()
    } finally {
      refused.mockRestore()
      caughtUp.mockRestore()
    }
    const back = await page(`/guilds/${guild.slug}?item=${item.id}`, { cookie })
    expect(back.status).toBe(200)
    expect(await back.text()).toContain('Thunderfury')
  })
})
