import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { signInPage } from './support/accounts'
import { apiAs } from './support/api'
import { newPage } from './support/browser'
import { untilHydrated } from './support/hydrated'
import { setUpJourney } from './support/journey'
import { tablesReach } from './support/tables'

// The events list as an outside test met it (2026-12-06), in a guild on the default clock (America/Sao_Paulo):
// on a 390 px phone the "Ações" column of "Próximos eventos" sat past the card's edge (the table scrolled
// sideways, 358 px in 308, with no hint); at 1280 px, for a reader whose browser is in Europe/Berlin, the zone
// said after each night's hours widened the table past its box (1010 px in 926) and only the pencil showed;
// and that reader's page, drawn by the server, failed to hydrate (React's error #418: Node and Chromium name
// the zone differently). The journey's afterEach fails on any console error or page error.

const journey = setUpJourney({ signUp: true })
const READER_ZONE = 'Europe/Berlin'
const UPCOMING = ['Raid de Sábado', 'Raid, com; vírgula e um nome bem longo para testar a dobra de linhas']

beforeAll(async () => {
  const { page, context } = await newPage(journey.browser, { baseURL: journey.server.url })
  await signInPage(page, journey.account)
  const api = (data: unknown) => apiAs(page, journey.server.url, 'POST', '/raid-nights', data)
  // Past midnight ("21:00 às 01:00 (+1 dia)"), the widest hours a night has; a week apart: one night at a time.
  await api({ name: UPCOMING[0], date: '2030-01-12', startTime: '21:00', endTime: '01:00' })
  await api({ name: UPCOMING[1], date: '2030-01-19', startTime: '21:00' })
  await api({ name: 'Passado', date: '2020-01-01', startTime: '21:00', endTime: '01:00' })
  await context.close()
})

/** A signed-in page on the reader's clock; watched by the journey (its console errors fail the test). */
async function readerPage(
  options: { viewport: { width: number; height: number }; timezoneId?: string },
  language: 'pt' | 'en' = 'pt',
) {
  const watched = await newPage(journey.browser, { baseURL: journey.server.url, ...options })
  journey.watched = watched
  await signInPage(watched.page, journey.account)
  await setLanguage(watched.page, language)
  return watched
}

/** The profile's language, which the dashboard takes once per sign-in (the account is shared by the tests). */
const setLanguage = (page: Page, language: 'pt' | 'en') =>
  apiAs(page, journey.server.url, 'PATCH', '/me/profile', { language })

/** Every row action of the events tables that is shown: inside the window, not past its right or bottom edge. */
async function actionsOutOfView(page: Page) {
  const names = await page
    .locator('table tbody button')
    .filter({ visible: true })
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => {
          button.scrollIntoView({ block: 'center', inline: 'nearest' })
          const box = button.getBoundingClientRect()
          return box.right > document.documentElement.clientWidth || box.left < 0
        })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '?'),
    )
  return names
}

describe('the events list', () => {
  it('keeps every action of a night in view on a 390 px phone, with no sideways scroll in its card', async () => {
    const { page } = await readerPage({ viewport: { width: 390, height: 844 } })
    await page.goto('/dashboard/events')
    await untilHydrated(page)
    for (const name of UPCOMING) await page.getByRole('button', { name: `Mais ações para ${name}` }).waitFor()
    // The past nights are a query of their own: measured once their table is drawn too (a busy machine drew
    // the upcoming table first, and the past one was not there yet).
    await page.getByRole('row').filter({ hasText: 'Passado' }).waitFor()
    const reach = await tablesReach(page)
    expect(Object.keys(reach)).toEqual(['Próximos eventos', 'Eventos anteriores'])
    for (const [caption, table] of Object.entries(reach)) {
      expect(table.scrolls, caption).toBeLessThanOrEqual(0)
      expect(table.offScreen, caption).toEqual([])
    }
    expect(await actionsOutOfView(page)).toEqual([])
    // The date is still said, under the name with the hours.
    const row = page.getByRole('row').filter({ hasText: UPCOMING[0] })
    expect(await row.textContent()).toMatch(/sáb\., 12\/01\/2030/)
  })

  it('keeps edit, repeat and more in view at 1280 px for a reader on another clock (Europe/Berlin)', async () => {
    const { page } = await readerPage(
      { viewport: { width: 1280, height: 900 }, timezoneId: READER_ZONE },
      'en',
    )
    await page.goto('/dashboard/events')
    await untilHydrated(page)
    const upcoming = page.getByRole('table', { name: 'Upcoming events' })
    // The guild's zone is said after each night's hours, as a reader on another clock needs.
    await upcoming.getByText('(Sao Paulo Time)').filter({ visible: true }).first().waitFor()
    for (const name of UPCOMING) {
      await upcoming.getByRole('button', { name: `Edit ${name}` }).waitFor()
      await upcoming.getByRole('button', { name: `Repeat ${name} next week` }).waitFor()
    }
    const reach = await tablesReach(page)
    for (const [caption, table] of Object.entries(reach)) {
      expect(table.scrolls, caption).toBeLessThanOrEqual(0)
      expect(table.offScreen, caption).toEqual([])
      expect(table.controls, caption).toBeGreaterThan(0)
    }
    expect(await actionsOutOfView(page)).toEqual([])
  })

  it('is hydrated without an error for a reader on another clock, load after load, in English and Portuguese', async () => {
    const { page } = await readerPage({ viewport: { width: 1280, height: 900 }, timezoneId: READER_ZONE })
    const hydrationErrors: string[] = []
    page.on('pageerror', (error) => hydrationErrors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') hydrationErrors.push(message.text())
    })
    for (const [language, zone] of [
      ['en', 'Sao Paulo Time'],
      ['pt', 'Horário'],
    ] as const) {
      // The first load writes the reader's zone to its cookie; the next ones are drawn by the server in it, and
      // hydrated.
      await setLanguage(page, language)
      for (let load = 0; load < 3; load++) {
        const answer = await page.goto('/dashboard/events')
        if (load > 0) expect(await answer?.text(), `${language} load ${load}`).toContain(UPCOMING[0])
        await untilHydrated(page)
        await page.locator('html[data-ready]').waitFor({ state: 'attached' })
        // Once hydrated, the guild's zone is said after the hours.
        await page
          .locator('[data-zone="America/Sao_Paulo"]')
          .filter({ hasText: zone, visible: true })
          .first()
          .waitFor()
      }
    }
    expect(hydrationErrors.filter((error) => /418|[Hh]ydrat/.test(error))).toEqual([])
  })
})
