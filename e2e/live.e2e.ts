import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInPage } from './support/accounts'
import { newPage, type WatchedPage } from './support/browser'
import { setUpJourney } from './support/journey'
import { enterPublicPage } from './support/queues'

// Issue 18: changes other than "received" (which also announces history) reach open pages without a reload.
// An officer works the queue and the roster in one browser; a second officer's dashboard and a raider's
// public page, open in two other browsers, follow.

const journey = setUpJourney({ signUp: true })
/** Generous for a loaded machine: what is checked is that the change arrives without a reload. */
const LIVE = { timeout: 15_000, interval: 50 }

/** The admin's API from Node, for the set-up only. */
async function adminApi(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${journey.server.url}/api/v1${path}`, {
    method,
    headers: {
      cookie,
      origin: journey.server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** Names in the dashboard's queue, in order, read from the drag handles' labels. */
const dashboardQueue = async (page: Page) =>
  Promise.all(
    (
      await page
        .getByRole('list', { name: 'Fila do item' })
        .getByRole('button', { name: /^Arrastar / })
        .all()
    ).map(async (handle) =>
      (await handle.getAttribute('aria-label'))!.replace(/^Arrastar (.*) \(posição \d+\)$/, '$1'),
    ),
  )

/** Names in the public page's queue of the sword, in order. */
const publicQueue = (page: Page) =>
  page
    .getByRole('list', { name: 'Fila de Espada Lendária' })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.textContent?.match(/Aria|Bruno|Caio/)?.[0] ?? '?'))

/** Marks the page so a reload (which would wipe the mark) cannot pass for a live update. */
const markNoReload = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }))
const stillNoReload = (page: Page) =>
  page.evaluate(() => (window as { __noReload?: boolean }).__noReload === true)

async function openQueueOnDashboard(watched: WatchedPage, item = 'Espada Lendária', length = 3) {
  await signInPage(watched.page, journey.account)
  await watched.page.goto('/dashboard/items')
  await watched.page.getByRole('button', { name: `Ver fila de ${item}` }).click()
  await watched.page.waitForURL(/tab=queues/)
  await expect.poll(() => dashboardQueue(watched.page), LIVE).toHaveLength(length)
}

/** The journey's admin signed in from Node: the session cookie for `adminApi`. */
async function adminCookie() {
  const signIn = await fetch(`${journey.server.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: journey.server.url },
    body: JSON.stringify({ email: journey.account.email, password: journey.account.password }),
  })
  expect(signIn.status).toBe(200)
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

describe('live updates across browsers', () => {
  // Three browsers and a server on two cores: the steps wait on each other, so the whole takes its time.
  it("an officer's absent and a player's deactivation reach another dashboard and a public page without reload", async () => {
    const cookie = await adminCookie()
    for (const name of ['Aria', 'Bruno', 'Caio']) await adminApi(cookie, 'POST', '/players', { name })
    const sword = await adminApi(cookie, 'POST', '/items', { name: 'Espada Lendária', rarity: 'legendary' })
    await adminApi(cookie, 'POST', `/items/${sword.id}/queue/add-all`)

    // The officer who acts (checked for console errors by the journey's afterEach), and two watchers.
    const officer = await journey.open()
    const watchers: WatchedPage[] = []
    try {
      const colleague = await newPage(journey.browser, { baseURL: journey.server.url })
      const raider = await newPage(journey.browser, { baseURL: journey.server.url })
      watchers.push(colleague, raider)

      await openQueueOnDashboard(colleague)
      await enterPublicPage(raider.page, journey.account.slug)
      await raider.page.goto(`/guilds/${journey.account.slug}?item=${sword.id}`)
      await raider.page.getByText('Ao vivo').waitFor({ timeout: LIVE.timeout })
      await openQueueOnDashboard(officer)

      const [first, second, third] = await dashboardQueue(officer.page)
      expect(await dashboardQueue(colleague.page)).toEqual([first, second, third])
      expect(await publicQueue(raider.page)).toEqual([first, second, third])
      for (const w of watchers) await markNoReload(w.page)

      // Absent, in the officer's browser: the player goes to the end of their group on every open page.
      const absent = officer.page.waitForResponse((r) => r.url().endsWith('/absent'))
      await officer.page.getByRole('button', { name: `Marcar ${first} como ausente` }).click()
      expect((await absent).status()).toBe(200)
      await expect.poll(() => dashboardQueue(colleague.page), LIVE).toEqual([second, third, first])
      await expect.poll(() => publicQueue(raider.page), LIVE).toEqual([second, third, first])

      // The player at the head is set inactive on the players page: their entry leaves every open queue.
      await officer.page.goto('/dashboard/players')
      await officer.page.getByRole('button', { name: `Editar ${second}` }).click()
      const dialog = officer.page.getByRole('dialog')
      await dialog.getByRole('combobox', { name: 'Status' }).click()
      await officer.page.getByRole('option', { name: 'Inativo' }).click()
      const saved = officer.page.waitForResponse(
        (r) => r.url().includes('/players/') && r.request().method() === 'PATCH',
      )
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      expect((await saved).status()).toBe(200)
      await expect.poll(() => dashboardQueue(colleague.page), LIVE).toEqual([third, first])
      await expect.poll(() => publicQueue(raider.page), LIVE).toEqual([third, first])

      for (const w of watchers) expect(await stillNoReload(w.page)).toBe(true)
    } finally {
      for (const w of watchers) await w.context.close()
    }
    expect(watchers.flatMap((w) => w.consoleErrors)).toEqual([])
  }, 150_000)

  // docs/decisions/001-queue-ordering.md, "The queue the member saw".
  it('two officers who click "received" on the same player at once hand the item out once', async () => {
    const cookie = await adminCookie()
    const axe = await adminApi(cookie, 'POST', '/items', { name: 'Machado Antigo', rarity: 'epic' })
    for (const name of ['Dara', 'Enzo']) await adminApi(cookie, 'POST', '/players', { name })
    const { added } = await adminApi(cookie, 'POST', `/items/${axe.id}/queue/add-all`)
    const officer = await journey.open()
    const colleague = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      // The colleague's screen does not hear the officer's award before clicking (both click in the same
      // instant): its live updates are held, never answered.
      await colleague.page.route('**/api/v1/events', () => {})
      await openQueueOnDashboard(colleague, 'Machado Antigo', added)
      await openQueueOnDashboard(officer, 'Machado Antigo', added)
      const [first, second] = await dashboardQueue(officer.page)

      const awarded = officer.page.waitForResponse((r) => r.url().endsWith('/received'))
      await officer.page.getByRole('button', { name: `Marcar ${first} como recebido` }).click()
      expect((await awarded).status()).toBe(200)
      expect((await dashboardQueue(colleague.page))[0]).toBe(first)

      const refused = colleague.page.waitForResponse((r) => r.url().endsWith('/received'))
      await colleague.page.getByRole('button', { name: `Marcar ${first} como recebido` }).click()
      expect((await refused).status()).toBe(409)
      await colleague.page
        .getByText('A fila mudou enquanto você agia (alguém agiu nela antes).', { exact: false })
        .waitFor()
      // The refusal shows the colleague the queue as it is: the officer's award, the next player first.
      await expect.poll(async () => (await dashboardQueue(colleague.page))[0], LIVE).toBe(second)
      const queue = await adminApi(cookie, 'GET', `/items/${axe.id}/queue`)
      const received = queue.entries.map((e: { playerName: string; timesReceived: number }) =>
        e.playerName === first ? e.timesReceived : 0,
      )
      expect(received.reduce((a: number, b: number) => a + b, 0)).toBe(1)
    } finally {
      await colleague.context.close()
    }
    expect(colleague.consoleErrors.filter((e) => !/409/.test(e))).toEqual([])
  }, 150_000)
})
