import { executionAsyncId } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { SERVER_DATA_ID, type ServerData } from '../web/app/server-data'
import { TIME_ZONE_COOKIE } from '../contract/cookies'
import { createApp } from './app'
import { addHistory } from './modules/public/public.test-support'
import { buildGuild, buildItem } from './test/factories'
import { fileTestContext } from './test/harness'
import { testWebRoot } from './test/web-root'

// A dashboard page's first answer (dashboard-page.ts), rendered by the web app's own server rendering from its
// source (web/entry-server.tsx), as the build's would: the screen with the reader's own data, or the shell.

const ctx = await fileTestContext()
const webRoot = testWebRoot('dashboard-page')
const app = createApp({ deps: ctx.deps, webRoot, pageRenderer: () => import('../web/entry-server') })

const zone = (name: string) => `${TIME_ZONE_COOKIE}=${name}`
const page = (path: string, cookie: string) =>
  app.request(path, { headers: { cookie, 'accept-language': 'pt-BR' } })

/** What the page shows: the root's HTML, without the data the browser gets beside it. */
const shown = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${SERVER_DATA_ID}"`))
const dataOf = (html: string) => {
  const json = new RegExp(`id="${SERVER_DATA_ID}">([^<]*)</script>`).exec(html)?.[1]
  return json ? (JSON.parse(json) as ServerData) : null
}

async function raidGuild(name: string, adminLanguage?: 'pt' | 'en') {
  const { guild, admin } = await buildGuild(ctx, { name, adminLanguage })
  const item = await buildItem(ctx, guild.id, { name: `${name} Blade`, rarity: 'legendary' })
  return { guild, admin, item }
}

/** Whether async hooks run: a promise continuation has an async id only when they do (auth-calls.test.ts). */
const asyncHooksOn = () => Promise.resolve().then(() => executionAsyncId() !== 0)

describe('a dashboard page', () => {
  it('arrives with the screen and the reader’s data as HTML, and that data for the browser', async () => {
    const { admin, item } = await raidGuild('Server Drawn')
    const other = await raidGuild('Someone Else')
    const res = await page('/dashboard/items', `${admin.cookie}; ${zone('America/Sao_Paulo')}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const html = await res.text()
    expect(shown(html)).toContain(item.name)
    expect(shown(html)).toContain('<h1')
    // Only the reader's guild: the page reads what the reader's browser would be answered.
    expect(html).not.toContain(other.item.name)
    const data = dataOf(html)!
    expect(data.language).toBe('pt')
    expect(data.timeZone).toBe('America/Sao_Paulo')
    const keys = data.queries!.map(([key]) => JSON.stringify(key))
    expect(keys).toContain('["me"]')
    expect(html).toContain('<title>Itens · LootQueue</title>')
    // Its rendering's async context is switched off once no page is being rendered: with it on, Node 20 runs
    // async hooks for every promise of every request (web/entry-server.tsx).
    expect(await asyncHooksOn()).toBe(false)
  })

  it('names the parts in chunks of their own it was drawn with, which the browser loads before hydrating', async () => {
    const { admin, item } = await raidGuild('Queue Drawn')
    const cookie = `${admin.cookie}; ${zone('America/Sao_Paulo')}`
    const onItems = dataOf(await (await page('/dashboard/items', cookie)).text())!
    expect(onItems.lazyParts).toBeUndefined()
    const queues = `/dashboard/items?tab=queues&item=${item.id}`
    // Here the tab's module is built from its source when first imported, longer than a render waits for a
    // part (the build's loads in milliseconds): imported first, as the build's would have been.
    await import('../web/features/queues/components/queues-tab')
    const html = await (await page(queues, cookie)).text()
    // The queues tab is drawn (its panel's note button), not left to the browser: its chunk is named.
    expect(shown(html)).toContain(`fila de ${item.name}`)
    expect(dataOf(html)!.lazyParts).toEqual(['queues-tab'])
  })

  it('shows dates on the reader’s clock, the one their cookie names', async () => {
    const { guild, admin, item } = await raidGuild('Clock Guild')
    await addHistory(ctx, {
      guildId: guild.id,
      itemId: item.id,
      itemName: item.name,
      playerName: 'Dravenholt',
      at: new Date('2030-03-01T20:00:00Z'),
    })
    const inSaoPaulo = shown(
      await (await page('/dashboard/history', `${admin.cookie}; ${zone('America/Sao_Paulo')}`)).text(),
    )
    const inTokyo = shown(
      await (await page('/dashboard/history', `${admin.cookie}; ${zone('Asia/Tokyo')}`)).text(),
    )
    expect(inSaoPaulo).toContain('Dravenholt')
    expect(inSaoPaulo).toMatch(/01\/03\/2030,? 17:00/)
    expect(inTokyo).toMatch(/02\/03\/2030,? 05:00/)
  })

  it('is in the language of the reader’s profile', async () => {
    const { admin } = await raidGuild('English Guild', 'en')
    const html = await (await page('/dashboard/items', `${admin.cookie}; ${zone('UTC')}`)).text()
    expect(html).toContain('<html lang="en-US"')
    expect(html).toContain('<title>Items · LootQueue</title>')
    expect(dataOf(html)!.language).toBe('en')
  })

  it('is the shell, for the browser to draw, without a session, a known zone, or a read the reader may make', async () => {
    const { admin, item } = await raidGuild('Shell Guild')
    const cases = [
      zone('UTC'), // no session: the browser goes to sign-in
      `lq.session_token=forged.signature; ${zone('UTC')}`,
      admin.cookie, // no zone yet
      `${admin.cookie}; ${zone('Mars/Olympus_Mons')}`,
    ]
    for (const cookie of cases) {
      const res = await page('/dashboard/items', cookie)
      expect(res.status, cookie).toBe(200)
      const html = await res.text()
      expect(html, cookie).not.toContain(item.name)
      expect(dataOf(html), cookie).toBeNull()
      expect(html, cookie).toContain('<div id="root"></div>')
    }
  })
})
