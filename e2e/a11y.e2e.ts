import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import faqPt from '../web/locales/pt/faq.json'
import { apiAs } from './support/api'
import { AXE_LOOKS, axeViolations } from './support/axe'
import { untilHydrated } from './support/hydrated'
import { setUpJourney } from './support/journey'

// Issue 6 proof: axe-core finds nothing on the public pages and the 404, in light and dark, in both languages.
const PAGES = ['/', '/auth', '/faq', '/terms', '/privacy', '/lgpd', '/no-such-page']

// The account: the dashboard's dialogs are checked too.
const journey = setUpJourney({ signUp: true })

async function open(path: string, theme: 'light' | 'dark', language: 'pt' | 'en', width = 1280) {
  const watched = await journey.open({ viewport: { width, height: 800 } })
  await watched.context.addInitScript(
    ([t, l]) => {
      localStorage.setItem('theme', t!)
      localStorage.setItem('language', l!)
    },
    [theme, language],
  )
  await watched.context.addCookies([{ name: 'lq_lang', value: language, url: journey.server.url }])
  // The public site's pages have an address per language (English under /en).
  const site = ['/', '/faq', '/terms', '/privacy', '/lgpd'].includes(path)
  await watched.page.goto(language === 'en' && site ? (path === '/' ? '/en' : `/en${path}`) : path)
  await watched.page.locator('h1').first().waitFor()
  await watched.page.locator('html[data-ready]').waitFor({ state: 'attached' })
  // Let transitions (accordion, theme) settle so colours are measured as seen.
  await watched.page.waitForTimeout(250)
  return watched.page
}

describe('axe-core', () => {
  for (const { theme, language } of AXE_LOOKS) {
    it.each(PAGES)(`finds no violations on %s (${theme}, ${language})`, async (path) => {
      const page = await open(path, theme, language)
      expect(await axeViolations(page)).toEqual([])
    })
  }

  // The states below, once each: the dark phone and the light desktop (the pages above cover both looks).
  it('finds none at 360 px wide on the landing page (dark)', async () => {
    const page = await open('/', 'dark', 'pt', 360)
    expect(await axeViolations(page)).toEqual([])
  })

  it('finds none with FAQ answers open (light)', async () => {
    const page = await open('/faq', 'light', 'pt')
    await page.getByRole('button', { name: faqPt.questions.trial.q }).click()
    await page.getByRole('button', { name: faqPt.questions.cancel.q }).click()
    await page.getByText(faqPt.contact.title).waitFor()
    await page.waitForTimeout(300)
    expect(await axeViolations(page)).toEqual([])
  })

  it('finds none in the open language menu', async () => {
    const page = await open('/', 'light', 'pt')
    await page.getByRole('button', { name: 'Idioma' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).waitFor()
    // While a menu is open the rest of the page is aria-hidden on purpose: check the menu itself.
    expect(await axeViolations(page, '[role="menu"]')).toEqual([])
  })
})

// The dashboard's dialogs open from state, not from Radix's Trigger: closing one gives focus back to the button
// that opened it (web/components/ui/dialog.tsx), not to <body>, where Tab would restart at the page's top.
/** The element has keyboard focus (polled: focus moves after the page's own handlers). */
const focused = (element: Locator) =>
  expect.poll(() => element.evaluate((el) => el === document.activeElement)).toBe(true)

/** Presses Tab from the top of the page until `target` has focus (at most 40 times): how many it took. */
async function tabsUntil(page: Page, target: Locator) {
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press('Tab')
    // Not waited for: a page without `target` counts on to the limit.
    if ((await target.count()) > 0 && (await target.evaluate((el) => el === document.activeElement)))
      return presses
  }
  return Number.POSITIVE_INFINITY
}

/** Escape closes the open dialog `name`; focus is back on `opener`. */
async function escapeBackTo(page: Page, name: string, opener: Locator) {
  const dialog = page.getByRole('dialog', { name })
  await dialog.waitFor()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await focused(opener)
}

describe('a dialog opened with the keyboard', () => {
  it('gives focus back to its button when Escape closes it', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await page.goto('/dashboard/players')
    await untilHydrated(page)
    const add = page.getByRole('button', { name: 'Adicionar jogador' }).first()
    // The button stays disabled until the roster has loaded (players-page.tsx): focus it once it can act.
    await expect.poll(() => add.isEnabled()).toBe(true)
    await add.focus()
    await page.keyboard.press('Enter')
    await escapeBackTo(page, 'Adicionar jogador', add)
  })

  it("gives focus back to a row menu's button when a dialog its item opened closes", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const call = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    await call('POST', '/players', { name: 'Dário' })
    const item = await call<{ id: string }>('POST', '/items', { name: 'Anel de Foco', rarity: 'rare' })
    await call('POST', `/items/${item.id}/queue/add-all`)
    await page.goto(`/dashboard/items?tab=queues&item=${item.id}`)
    await untilHydrated(page)
    const more = page.getByRole('button', { name: 'Mais ações para Dário' })
    await more.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Penalizar' }).waitFor()
    await page.keyboard.press('Enter')
    await escapeBackTo(page, 'Penalizar jogador', more)
  })
})

describe('keyboard focus, seen', () => {
  // An award holds the row's buttons while its request runs (disabled, they would lose focus) and then moves
  // the row: focus goes to the row now in its place (web/hooks/use-row-refocus.ts), shown, and Tab goes on.
  it("stays in a queue after an award moved the row it was given from, on the next player's row", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const call = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    for (const name of ['Bruna', 'Caio', 'Davi']) await call('POST', '/players', { name })
    const item = await call<{ id: string }>('POST', '/items', { name: 'Elmo do Foco', rarity: 'epic' })
    await call('POST', `/items/${item.id}/queue/add-all`)
    await page.goto(`/dashboard/items?tab=queues&item=${item.id}`)
    await untilHydrated(page)
    const rows = page.getByRole('list', { name: 'Fila do item' }).getByRole('listitem')
    const first = await rows.first().getAttribute('data-entry-id')
    const firstName = (await rows.first().locator('span.font-medium').first().textContent())!
    await page.getByRole('button', { name: `Marcar ${firstName} como recebido` }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows.last().getAttribute('data-entry-id')).toBe(first)
    await focused(rows.first())
    expect(await rows.first().evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none')
    // Tab goes on inside that row: its drag handle first.
    await page.keyboard.press('Tab')
    await focused(rows.first().getByRole('button').first())
  })

  // An award to someone the queue does not name next asks first (docs/product-rules.md, "Queue ordering"):
  // Enter on "Recebido" opens the question with the keyboard on its "Dar para …", Escape gives the keyboard
  // back to the row's button and sends nothing, Enter there gives, and the keyboard goes to the row now in the
  // awarded row's place, as after a direct award (not to the awarded player's button, sent down the queue).
  it('asks before an award out of turn: Escape goes back to the row, Enter gives and goes to the row in its place', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const call = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    for (const name of ['Lívia', 'Mauro', 'Nina']) await call('POST', '/players', { name })
    const item = await call<{ id: string }>('POST', '/items', { name: 'Elmo Sombrio', rarity: 'epic' })
    await call('POST', `/items/${item.id}/queue/add-all`)
    await page.goto(`/dashboard/items?tab=queues&item=${item.id}`)
    await untilHydrated(page)
    const rows = page.getByRole('list', { name: 'Fila do item' }).getByRole('listitem')
    const firstName = (await rows.first().locator('span.font-medium').first().textContent())!
    // The second row: the award sends it down, and the third takes its place.
    const awardedName = (await rows.nth(1).locator('span.font-medium').first().textContent())!
    const third = await rows.nth(2).getAttribute('data-entry-id')
    // The players of the file's earlier tests are in the queue too.
    expect(await rows.count()).toBeGreaterThanOrEqual(3)
    const awards: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/received')) awards.push(r.url())
    })
    const button = page.getByRole('button', { name: `Marcar ${awardedName} como recebido` })
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: 'Dar fora da vez?' })
    await dialog
      .getByText(`A vez é de ${firstName}. Dar Elmo Sombrio para ${awardedName} mesmo assim?`)
      .waitFor()
    await focused(dialog.getByRole('button', { name: `Dar para ${awardedName}` }))
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await focused(button)
    expect(awards).toEqual([])

    await page.keyboard.press('Enter')
    await focused(dialog.getByRole('button', { name: `Dar para ${awardedName}` }))
    await page.keyboard.press('Enter')
    await page.getByText(`${awardedName} recebeu o item e foi para trás dos jogadores pendentes`).waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(awards).toHaveLength(1)
    await expect.poll(() => rows.nth(1).getAttribute('data-entry-id')).toBe(third)
    await focused(rows.nth(1))
    // And stays there: the dialog does not give it back to its opener, the awarded player's button.
    await page.waitForTimeout(300)
    expect(await rows.nth(1).evaluate((el) => el === document.activeElement)).toBe(true)
    // The one who was next is still next.
    await rows.first().getByText('Próximo na fila').waitFor()
    expect(await rows.first().locator('span.font-medium').first().textContent()).toBe(firstName)
  })

  // An outside tester filling attendance "during the first pull" counted about 25 Tabs from the top of a raid
  // night's page to its grid (26 here before the fix: the dashboard's skip link, the sidebar's 11 links, the
  // header's 4 buttons, back, the night's 6 buttons, 2 prefills, the filter). A skip link right after the
  // dashboard's own lands on the first row (attendance-editor.tsx, PageSkipLink).
  it("reaches a raid night's attendance grid in two Tabs and Enter, and marks from there", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const call = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    for (const name of ['Olga', 'Pietro', 'Quésia']) await call('POST', '/players', { name })
    // A night before it: both prefill buttons are there, as on a guild's second week.
    await call('POST', '/raid-nights', { name: 'Raid do foco', date: '2030-01-03', startTime: '20:00' })
    const night = await call<{ id: string }>('POST', '/raid-nights', {
      name: 'Raid do foco',
      date: '2030-01-10',
      startTime: '20:00',
    })
    await page.goto(`/dashboard/events/${night.id}`)
    const grid = page.getByRole('list', { name: 'Presença dos jogadores' })
    await grid.waitFor()
    await untilHydrated(page)
    const skip = page.getByRole('link', { name: 'Pular para a presença' })
    expect(await tabsUntil(page, skip)).toBe(2)
    expect(await skip.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    const rows = grid.getByRole('group')
    await focused(rows.first().getByRole('radio', { name: 'Sem marcação' }))
    // The grid's own keys: a digit marks the row and moves down.
    await page.keyboard.press('1')
    await focused(rows.nth(1).getByRole('radio', { name: 'Sem marcação' }))
    expect(await rows.first().getByRole('radio', { name: 'Presente' }).isChecked()).toBe(true)
  })

  // An outside keyboard test (2026-12-07): Enter on a night's name in the list left focus on <body>, and two Tabs
  // then reached "Editar" (the list's old spot), not the new page's first control (web/app/route-focus.tsx).
  it("opens a raid night's page from the list with focus on its heading, where Tab goes on", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await apiAs(page, journey.server.url, 'POST', '/raid-nights', {
      name: 'Raid da lista',
      date: '2030-02-07',
      startTime: '20:00',
    })
    await page.goto('/dashboard/events')
    await untilHydrated(page)
    await page.getByRole('link', { name: 'Raid da lista' }).first().focus()
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { level: 1, name: 'Raid da lista' })
    await focused(heading)
    await page.keyboard.press('Tab')
    // The next stop is after the heading, inside the page's main region.
    expect(
      await page.evaluate(() => {
        const active = document.activeElement
        const h1 = document.querySelector('main h1')
        return Boolean(active && h1 && active.closest('main') && h1.compareDocumentPosition(active) & 4)
      }),
    ).toBe(true)
  })

  it('goes to the queues tab\'s panel after an item\'s "View queue" swapped the tab it was in', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await apiAs(page, journey.server.url, 'POST', '/items', { name: 'Cetro Aberto', rarity: 'rare' })
    await page.goto('/dashboard/items')
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Ver fila de Cetro Aberto' }).focus()
    await page.keyboard.press('Enter')
    await focused(page.getByRole('tabpanel', { name: 'Filas' }))
  })

  it('shows where focus is when Tab reaches a tab panel (the history page)', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await page.goto('/dashboard/history')
    await untilHydrated(page)
    await page.getByRole('tabpanel').first().waitFor()
    // Keyboard focus on the panel: Tab from the control before it (focus-visible holds after a key).
    await page.getByRole('button', { name: 'Exportar CSV' }).focus()
    await page.keyboard.press('Tab')
    const panel = page.getByRole('tabpanel').first()
    await focused(panel)
    expect(await panel.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none')
  })
})

// An outside test found sonner's close button 20×20 px and the settings' switches 36×20 px (2026-12-06): a tap
// target is 24×24 px at least (WCAG 2.5.8), and sonner's hidden labels were English on Portuguese pages.
describe('tap targets and toasts', () => {
  /** The smaller of `element`'s width and height as drawn, in CSS pixels. */
  const side = async (element: Locator) => {
    const box = (await element.boundingBox())!
    return Math.min(box.width, box.height)
  }

  it("gives the settings' switches and a toast's close button 24 px or more, and names both in Portuguese", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await page.goto('/dashboard/settings')
    const switches = page.getByRole('switch')
    await switches.first().waitFor()
    expect(await switches.count()).toBe(3)
    for (const item of await switches.all()) expect(await side(item)).toBeGreaterThanOrEqual(24)

    await page.goto('/dashboard/players')
    await page
      .getByRole('button', { name: /^Adicionar jogador$/i })
      .first()
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox').first().fill('Tâmara')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const close = page.getByRole('button', { name: 'Fechar notificação' })
    await close.waitFor()
    expect(await side(close)).toBeGreaterThanOrEqual(24)
    expect(await page.getByRole('region', { name: /^Notificações/ }).count()).toBe(1)
  })
})
