import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiAs } from './support/api'
import { setUpJourney } from './support/journey'

// Names, notes and reasons as long as the forms take, written without a space (a pasted link, a guild's
// joke): every screen that shows them wraps or cuts them inside its own box. An exploratory test found the
// players page, the queue, a night's page and the public page pushed sideways, their buttons off screen, and
// the yearly plan's saving past its box on the subscription page (2026-12-06).

const journey = setUpJourney({ signUp: true })
const GUILD_PASSWORD = 'raid-night' // set at sign-up by the accounts helper

const PLAYER = `Jogador${'W'.repeat(73)}` // 80 characters, the most a name takes
const ITEM = `Espada${'M'.repeat(114)}` // 120
const NOTE = 'nota longa '.repeat(30).trim() // words, as an officer writes them
const REASON = `https://example.com/${'x'.repeat(450)}` // a penalty's reason, one unbroken "word"
const NIGHT = `Noite${'N'.repeat(115)}` // a raid night's name, 120 characters

const api = <T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) =>
  apiAs<T>(page, journey.server.url, method, path, data)

/** How far the page scrolls sideways, in CSS pixels (0: it fits the window). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('text inside its box', () => {
  it('long names and notes keep every screen inside the window, wide and on a phone', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const player = await api<{ id: string }>(page, 'POST', '/players', { name: PLAYER, notes: NOTE })
    await api(page, 'POST', '/players', { name: 'Aria' })
    const item = await api<{ id: string }>(page, 'POST', '/items', { name: ITEM, rarity: 'legendary' })
    await api(page, 'POST', `/items/${item.id}/queue/add-all`)
    const queue = await api<{ entries: { id: string; playerId: string }[] }>(
      page,
      'GET',
      `/items/${item.id}/queue`,
    )
    const entry = queue.entries.find((e) => e.playerId === player.id)!
    await api(page, 'POST', `/queue-entries/${entry.id}/penalty`, { days: 3, note: REASON })
    const night = await api<{ id: string }>(page, 'POST', '/raid-nights', {
      name: NIGHT,
      date: '2030-01-10',
      startTime: '20:00',
    })

    const screens = [
      { path: '/dashboard/players', shows: page.getByRole('table', { name: 'Jogadores da Guild' }) },
      { path: '/dashboard/items', shows: page.getByRole('table', { name: 'Itens da guild' }) },
      {
        path: `/dashboard/items?tab=queues&item=${item.id}`,
        shows: page.getByRole('list', { name: 'Fila do item' }).getByText(REASON),
      },
      {
        path: `/dashboard/players/${player.id}`,
        shows: page.getByRole('heading', { level: 1, name: PLAYER }),
      },
      { path: '/dashboard/events', shows: page.getByRole('link', { name: NIGHT }) },
      { path: `/dashboard/events/${night.id}`, shows: page.getByText(PLAYER) },
    ]
    /** How far each screen scrolls sideways, by screen and width: all of them 0. */
    const overflow: Record<string, number> = {}
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      for (const screen of screens) {
        await page.goto(screen.path)
        await screen.shows.first().waitFor()
        overflow[`${screen.path} at ${viewport.width}px`] = await sideways(page)
      }
    }

    // The public page, as a member reads it.
    await page.goto(`/guilds/${journey.account.slug}?item=${item.id}`)
    await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByText('Acesso autorizado!').waitFor()
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByText(PLAYER).first().waitFor()
      overflow[`public page at ${width}px`] = await sideways(page)
    }
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((screen) => [screen, 0])))
  })
  it("keeps the yearly plan's saving inside its box on the subscription page", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/dashboard/subscription')
      const saving = page.getByText('2 meses grátis')
      await saving.waitFor()
      const box = (await page.locator('label', { has: saving }).boundingBox())!
      const badge = (await saving.boundingBox())!
      expect(badge.x + badge.width, `at ${width}px`).toBeLessThanOrEqual(box.x + box.width)
    }
  })
})
