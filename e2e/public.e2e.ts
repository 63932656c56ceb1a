import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SignedUpAccount, signUpAndConfirm } from './support/accounts'
import { axeViolations } from './support/axe'
import { builtClassMapHydrating } from './support/class-map'
import { launchBrowser, newPage, type WatchedPage } from './support/browser'
import { markFirstRow, QUEUE_ROW, scriptsBeforeFirstRow } from './support/first-row'
import { startServer } from './support/server'
import { freePort } from '../server/test/free-port'
import { limitMs } from '../server/test/timing'

// Issue 5's journeys: a raider opens /guilds/{slug}, gets the password wrong then right, reads the queues,
// and watches them change live while an admin works the queue in another browser.

const GUILD_PASSWORD = 'raid-night' // set at sign-up by the accounts helper

/** The built app on a fixed port and data folder, so it can go down and come back like a real deploy. */
async function startRestartableServer() {
  const options = {
    port: await freePort(),
    dataDir: mkdtempSync(join(tmpdir(), 'lq-e2e-public-')),
    keepDataDir: true,
  }
  let running = await startServer({}, options)
  return {
    url: running.url,
    /** Stops the process (open streams drop), then starts it again on the same port and data. */
    restart: async (whileDown: () => Promise<void> = async () => {}) => {
      await running.stop()
      await whileDown()
      running = await startServer({}, options)
    },
    stop: async () => {
      await running.stop()
      rmSync(options.dataDir, { recursive: true, force: true })
    },
  }
}

/** The median of 7 round trips from the page to the server right now: time limits scale with it. */
const roundTrip = (page: Page) =>
  page.evaluate(async () => {
    const times: number[] = []
    for (let i = 0; i < 7; i++) {
      const started = performance.now()
      await fetch('/api/v1/health')
      times.push(performance.now() - started)
    }
    return times.sort((a, b) => a - b)[3]!
  })

let server: Awaited<ReturnType<typeof startRestartableServer>>
let browser: Browser
/** Console errors a journey causes on purpose (the browser logs every 401 and dropped connection). */
let expectedErrors: RegExp[] = []
let account: SignedUpAccount
let adminCookie: string
let swordId: string
const watched: WatchedPage[] = []

/** The admin's API, from Node: the same endpoints the dashboard uses. */
async function adminApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      cookie: adminCookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.status === 204 ? null : res.json()
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startRestartableServer(), launchBrowser()])
  account = await signUpAndConfirm(server.url)
  const signIn = await fetch(`${server.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  expect(signIn.status).toBe(200)
  adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

  for (const name of ['Aria', 'Bruno', 'Caio']) await adminApi('POST', '/players', { name })
  const sword = await adminApi('POST', '/items', {
    name: 'Espada Lendária',
    rarity: 'legendary',
    description: 'Forjada na luz',
  })
  swordId = sword.id
  await adminApi('POST', '/items', { name: 'Cajado Raro', rarity: 'rare' })
  const hidden = await adminApi('POST', '/items', { name: 'Elmo Secreto', rarity: 'epic' })
  await adminApi('PATCH', `/items/${hidden.id}`, { isPublicVisible: false })
  await adminApi('POST', `/items/${swordId}/queue/add-all`)
  await adminApi('PUT', '/public-rules', { publicRules: 'Chegue no horário\n<b>Sem ninja loot</b>' })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  const errors = watched
    .flatMap((w) => w.consoleErrors)
    .filter((e) => !expectedErrors.some((re) => re.test(e)))
  expectedErrors = []
  await Promise.all(watched.splice(0).map((w) => w.context.close()))
  expect(errors).toEqual([])
})

async function open(options: Parameters<typeof newPage>[1] = { baseURL: '' }) {
  const w = await newPage(browser, { ...options, baseURL: server.url })
  watched.push(w)
  return w
}

const queueNames = (page: Page) =>
  page
    .getByRole('list', { name: /^(Fila de|Queue of) Espada Lendária$/ })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.textContent?.match(/Aria|Bruno|Caio/)?.[0] ?? '?'))

/** Until the app has hydrated the server's HTML, the page's buttons do nothing. */
const hydrated = (page: Page) => page.locator('html[data-ready]').waitFor({ state: 'attached' })

async function enter(page: Page) {
  await page.goto(`/guilds/${account.slug}`)
  await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  // The gate shows the guild's name as its heading too: only the toast says the access cookie is set, and a
  // navigation before it would race the request that sets it.
  await page.getByText('Acesso autorizado!').waitFor()
  await page.getByRole('heading', { level: 1, name: account.guildName }).waitFor()
}

describe('public guild page', () => {
  it('gates by password (empty, wrong, right), shows public data only, keeps access on reload, speaks PT and EN', async () => {
    const { page } = await open()
    await page.goto(`/guilds/${account.slug}`)
    await page.getByRole('heading', { name: account.guildName }).waitFor()

    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByText('Por favor, preencha a senha.').waitFor()

    expectedErrors = [/status of 401/]
    await page.getByLabel('Senha da guild').fill('not-the-password')
    await page.getByRole('button', { name: 'Entrar' }).click()
    // Said under the field, which keeps the focus to be typed again (outside test G, defect 7).
    const field = page.getByLabel('Senha da guild')
    await page.getByText('Senha incorreta.').waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true)

    await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByText('Acesso autorizado!').waitFor()
    await page.getByRole('heading', { level: 1, name: account.guildName }).waitFor()

    // Rules as text with their line breaks; only public items.
    const rules = page.getByText(/Chegue no horário/)
    expect(await rules.textContent()).toBe('Chegue no horário\n<b>Sem ninja loot</b>')
    await page.getByRole('button', { name: /Espada Lendária/ }).waitFor()
    expect(await page.getByText('Elmo Secreto').count()).toBe(0)
    expect(await page.getByRole('button', { name: /Espada Lendária/ }).textContent()).toContain('3 na fila')

    // Search by description.
    await page.getByLabel('Buscar itens').fill('LUZ')
    expect(await page.getByRole('button', { name: /Cajado Raro/ }).count()).toBe(0)
    await page.getByLabel('Buscar itens').fill('')

    await page.getByRole('button', { name: /Espada Lendária/ }).click()
    await expect.poll(() => queueNames(page)).toHaveLength(3)
    await page.getByText('Nenhum registro de quem recebeu este item.').waitFor()
    await page.getByText('Próximo na fila').waitFor()
    const order = await queueNames(page)

    // A reload keeps access (the cookie) and the selected item (the address).
    await page.reload()
    await hydrated(page)
    await expect.poll(() => queueNames(page)).toEqual(order)
    expect(await page.getByLabel('Senha da guild').count()).toBe(0)

    // English, then back to Portuguese.
    await page.getByRole('button', { name: 'Idioma' }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await page.getByText('Next in line').waitFor()
    await page.getByText('No record of who received this item.').waitFor()
    expect(await page.getByLabel('Search items').count()).toBe(1)
    await page.getByRole('button', { name: 'Language' }).click()
    await page.getByRole('menuitemradio', { name: 'Português' }).click()
    await page.getByText('Próximo na fila').waitFor()
  })

  it('updates live while an admin marks the item received in another browser', async () => {
    const raider = await open()
    await enter(raider.page)
    await raider.page.goto(`/guilds/${account.slug}?item=${swordId}`)
    await hydrated(raider.page)
    await expect.poll(() => queueNames(raider.page)).toHaveLength(3)
    await raider.page.getByText('Ao vivo').waitFor()
    const [first, second, third] = await queueNames(raider.page)

    const admin = await open()
    const signIn = await admin.page.request.post('/api/v1/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: server.url },
    })
    expect(signIn.status()).toBe(200)
    await admin.page.goto('/dashboard/items')
    await admin.page.getByRole('button', { name: 'Ver fila de Espada Lendária' }).click()
    // How long a round trip from the raider's page takes right now: the limit below scales with it.
    const baseline = await roundTrip(raider.page)
    const received = admin.page.waitForResponse((r) => r.url().endsWith('/received'))
    await admin.page.getByRole('button', { name: `Marcar ${first} como recebido` }).click()
    await received
    const writtenAt = Date.now()

    // The raider's page, untouched, follows within a second (on an idle machine; see limitMs).
    await expect
      .poll(() => queueNames(raider.page), { timeout: 15_000, interval: 20 })
      .toEqual([second, third, first])
    const latency = Date.now() - writtenAt
    await raider.page.getByText(new RegExp(`Último a receber: ${first} em`)).waitFor()
    await raider.page
      .getByRole('listitem')
      .filter({ hasText: first! })
      .getByText('Recebeu', { exact: true })
      .waitFor()
    console.info(
      `[public e2e] admin's received → raider's page updated in ${latency} ms (round trip ${baseline.toFixed(1)} ms)`,
    )
    expect(latency).toBeLessThan(limitMs(1000, baseline))
  })

  it('reconnects after the connection drops and catches up on what it missed', async () => {
    const raider = await open()
    await enter(raider.page)
    await raider.page.goto(`/guilds/${account.slug}?item=${swordId}`)
    await hydrated(raider.page)
    await raider.page.getByText('Ao vivo').waitFor()
    const before = await queueNames(raider.page)
    expectedErrors = [/ERR_CONNECTION_REFUSED|ERR_FAILED|ERR_INCOMPLETE_CHUNKED_ENCODING|EventSource/]

    // The stream cannot come back until we say so, so the change below can only arrive by catching up.
    let blocked = true
    await raider.context.route('**/events', (route) => (blocked ? route.abort() : route.continue()))
    await server.restart(async () => {
      await raider.page.getByText('Reconectando…').waitFor()
    })
    const queue = await adminApi('GET', `/items/${swordId}/queue`)
    await adminApi('POST', `/queue-entries/${queue.entries[0].id}/absent`)
    await new Promise((r) => setTimeout(r, 1500))
    expect(await queueNames(raider.page)).toEqual(before)

    blocked = false
    await raider.page.getByText('Ao vivo').waitFor({ timeout: 15_000 })
    await expect.poll(() => queueNames(raider.page)).toEqual([...before.slice(1), before[0]])
  })

  it('sends an open page back to the gate when the guild password changes', async () => {
    const raider = await open()
    await enter(raider.page)
    await raider.page.getByText('Ao vivo').waitFor()
    expectedErrors = [/status of 401/]
    await adminApi('PATCH', '/guild', { publicAccessPassword: 'a-brand-new-one' })
    // Without a reload: the open stream is revoked and the page asks for the password again.
    await raider.page.getByLabel('Senha da guild').waitFor({ timeout: 15_000 })
    expect(await raider.page.getByTestId('queue-row').count()).toBe(0)
    expect(await raider.page.getByText('Ao vivo').count()).toBe(0)
    await adminApi('PATCH', '/guild', { publicAccessPassword: GUILD_PASSWORD })
  })
})

describe('public guild page, accessible', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations on the gate and the queues, and no sideways scroll at 360 px (${theme})`, async () => {
      const { page, context } = await open({ baseURL: '', viewport: { width: 360, height: 740 } })
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme)
      await page.goto(`/guilds/${account.slug}`)
      await page.getByLabel('Senha da guild').waitFor()
      await page.waitForTimeout(250)
      expect(await axeViolations(page)).toEqual([])

      await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
      await page.keyboard.press('Enter')
      await page.getByRole('heading', { level: 1, name: account.guildName }).waitFor()
      // Keyboard only: search, then pick the item with Enter.
      await page.getByLabel('Buscar itens').focus()
      await page.keyboard.type('espada')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await page.getByTestId('queue-row').first().waitFor()
      // The success toast is the app-wide Toaster's (reported to the lead); judge the page once it is gone.
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 })
      expect(await axeViolations(page)).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    })
  }

  // An outside test, by keyboard (2026-12-06): after the password, Tab went search → items → the toast → its
  // close button → back to the last item (sonner returns focus where it came from), the header unreachable
  // until the toast was gone; the page had no skip link; and the "Ao vivo" dot pulsed under reduced motion.
  it('by keyboard: a skip link, a Tab order that reaches the header past the toast, and no pulse under reduced motion', async () => {
    const { page } = await open({ baseURL: '', viewport: { width: 1280, height: 800 } })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/guilds/${account.slug}`)
    await hydrated(page)
    await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
    await page.keyboard.press('Enter')
    await page.getByText('Acesso autorizado!').waitFor()
    await page.getByRole('button', { name: /Espada Lendária/ }).waitFor()
    // While the toast is up (4 s), Tab on from where the form was until the header's home link.
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        if (!element || element === document.body) return 'body'
        return (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName)
          .trim()
          .slice(0, 40)
      })
    const visited: string[] = []
    for (let step = 0; step < 20 && !visited.includes('LootQueue'); step++) {
      await page.keyboard.press('Tab')
      visited.push(await focused())
    }
    expect(await page.getByText('Acesso autorizado!').count(), 'the toast was still up').toBe(1)
    expect(visited).toContain('LootQueue')
    const stops = visited.filter((name) => name !== 'body')
    expect(stops, 'no control is reached twice').toEqual([...new Set(stops)])
    expect(stops.indexOf('Pular para o conteúdo')).toBe(stops.indexOf('LootQueue') - 1)

    // The skip link leads past the header to the page's content.
    await page.getByText('Acesso autorizado!').waitFor({ state: 'detached', timeout: 10_000 })
    await page.reload()
    await hydrated(page)
    await page.getByRole('button', { name: /Espada Lendária/ }).waitFor()
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('Pular para o conteúdo')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content')

    // Live, without the endless pulse a reader who asked for less motion does not want.
    await page.getByText('Ao vivo').waitFor()
    const animations = await page.evaluate(() =>
      document.getAnimations().map((animation) => (animation as CSSAnimation).animationName ?? ''),
    )
    expect(animations).not.toContain('pulse')
  })
})

/**
 * Time to the first queue row on the throttled phone profile below: measured 3.4 to 4.6 s on this 2-core
 * machine while other tests ran (the journey's console line), so twice that at most; a busier machine gets
 * more through limitMs. The bytes, which no load changes, are held to issue 13's budget exactly.
 */
const PHONE_FIRST_QUEUE_MS = 8000
/**
 * The JavaScript the page hydrates with (gzip), with the app's own entry and libraries since the stand-ins went
 * (docs/decisions/014-server-rendering.md): the build's import graph from the entry to the public page's chunks
 * sums to ~157 KiB (the entry alone 138 KiB: React, its router, i18next, TanStack Query); with the stand-ins it
 * was ~119 KiB. Until the page is live it also fetches chunks it needs only later (the menus' library, the
 * night's badges): 180-192 KiB measured on 2026-12-03, the most on CI; 204 KiB once the visibility notices
 * came (a floating-ui chunk of 17.9 KiB fetched before the page is live: to be made lazier). A ceiling above
 * that: a library added to the entry or the page goes over.
 */
const HYDRATION_KIB = 225

describe('public guild page on a phone', () => {
  it('is small and quick: initial JavaScript and time to first queue on a throttled mobile profile', async () => {
    const phone = await open({ baseURL: '', viewport: { width: 360, height: 740 } })
    const { page, context } = phone
    // The raider entered once before (cookie kept); now they open the link on a slow phone.
    await enter(page)

    // How long a round trip takes on this machine right now, unthrottled: the time limit scales with it.
    const baseline = await roundTrip(page)

    // The bytes as served (not re-read from dist/web, which another build may be rewriting meanwhile), of
    // the scripts the page asked for before the first queue row entered it (issue 13's budget is for those).
    // A body that can no longer be read (a chunk that arrives as the page closes) is null, not a rejection.
    const scripts = new Map<string, Promise<Buffer | null>>()
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.set(
        new URL(res.url()).pathname,
        res.body().catch(() => null),
      )
    })
    await markFirstRow(page)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    // Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })

    await page.goto(`/guilds/${account.slug}?item=${swordId}`, { waitUntil: 'commit', timeout: 60_000 })
    await page.locator(QUEUE_ROW).first().waitFor({ timeout: 60_000 })
    const { at: firstQueueMs, fromHtml, paths: requestedBefore } = await scriptsBeforeFirstRow(page)
    // Then the page hydrates: every script it asks for until it is interactive (the live badge says the
    // event stream is open).
    await page.locator('[data-live="true"]').waitFor({ timeout: 60_000 })
    // The header's language and theme switches come last, rendered by the browser alone. None of it, nor the
    // hydration, asked tailwind-merge to build its class map (a long task on a phone): the server's merges
    // came with the page.
    await page.locator('header button[aria-haspopup="menu"]').first().waitFor({ timeout: 60_000 })
    expect(await builtClassMapHydrating(page, QUEUE_ROW), "tailwind-merge's map built loading").toBe(false)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    const gzipOf = async (paths: Iterable<string>) => {
      let total = 0
      const sizes: string[] = []
      for (const path of paths) {
        const bytes = await scripts.get(path)
        if (!bytes) throw new Error(`${path}: its body could not be read`)
        const size = gzipSync(bytes).length
        total += size
        sizes.push(`${path.replace('/assets/', '')} ${(size / 1024).toFixed(1)}`)
      }
      return { total, sizes }
    }
    const before = await gzipOf(requestedBefore)
    const hydration = await gzipOf(scripts.keys())
    console.info(`[public e2e] scripts to hydrate (kB gzip): ${hydration.sizes.join(', ')}`)
    console.info(
      `[public e2e] /guilds/:slug: first queue row ${fromHtml ? 'in the HTML' : 'rendered by scripts'} after ` +
        `${firstQueueMs.toFixed(0)} ms, ${(before.total / 1024).toFixed(1)} kB gzip of JavaScript before it; ` +
        `${scripts.size} scripts, ${(hydration.total / 1024).toFixed(1)} kB gzip to hydrate, on the throttled ` +
        `mobile profile (unthrottled round trip ${baseline.toFixed(1)} ms)`,
    )
    // The queue is in the page's first answer, rendered on the server (issue 45): it shows before any script.
    expect(fromHtml, 'the first queue row came in the HTML').toBe(true)
    // Issue 13's budget, JavaScript before the queue shows: none now.
    expect.soft(before.total, 'gzipped JavaScript before the queue shows').toBeLessThanOrEqual(90 * 1024)
    // What hydrates it, with the app's own libraries (React, its router, i18next, TanStack Query): the
    // entry and the page's chunks, no dashboard or other page's code, and no more than measured when the
    // stand-ins went (docs/decisions/014-server-rendering.md) plus a margin.
    expect([...scripts.keys()].filter((p) => /dashboard|landing|legal|faq/.test(p))).toEqual([])
    expect
      .soft(hydration.total, 'gzipped JavaScript to hydrate the page')
      .toBeLessThanOrEqual(HYDRATION_KIB * 1024)
    expect
      .soft(firstQueueMs, 'ms to the first queue row')
      .toBeLessThan(limitMs(PHONE_FIRST_QUEUE_MS, baseline))
  })
})

// An outside tester on a 390 × 844 phone: tapping an item scrolled only partway, the queue's heading in the
// lower third and its first rows off screen.
describe('public guild page, an item tapped on a phone', () => {
  it('leaves the guild name in view after the password, and brings a tapped queue up to just below the header', async () => {
    // A queue longer than the screen, as the tester's (25 players); its players leave the roster afterwards,
    // so the later journeys' "add all" does not meet them.
    const crown = await adminApi('POST', '/items', { name: 'Coroa das Tempestades', rarity: 'epic' })
    const raiders: string[] = []
    for (let i = 1; i <= 20; i++) {
      const { id } = await adminApi('POST', '/players', { name: `Tempestade ${i}` })
      raiders.push(id)
      await adminApi('POST', `/items/${crown.id}/queue`, { playerId: id })
    }
    const { page } = await open({ baseURL: '', viewport: { width: 390, height: 844 } })
    await enter(page)
    await hydrated(page)
    // "Acesso autorizado!" covered the guild's name and "Live" for seconds: on a phone it opens clear of them.
    const notice = page
      .locator('[data-sonner-toast][data-mounted="true"]')
      .filter({ hasText: 'Acesso autorizado!' })
    await notice.waitFor()
    await page.waitForTimeout(500) // sonner's slide-in (0.4 s)
    const toastBox = (await notice.boundingBox())!
    const titleRow = (await page
      .getByRole('heading', { level: 1, name: account.guildName })
      .locator('..')
      .boundingBox())!
    const overlaps = toastBox.y < titleRow.y + titleRow.height && titleRow.y < toastBox.y + toastBox.height
    expect(overlaps, 'the notice over the guild name and "Live"').toBe(false)
    await page.getByRole('button', { name: /Coroa das Tempestades/ }).click()
    const rows = page.getByRole('list', { name: 'Fila de Coroa das Tempestades' }).getByRole('listitem')
    await rows.first().waitFor()
    const heading = page.getByRole('heading', { level: 2, name: 'Coroa das Tempestades' })
    const header = (await page.locator('header').first().boundingBox())!
    const below = header.y + header.height
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(below)
    expect((await heading.boundingBox())!.y, 'the heading right below the header').toBeLessThanOrEqual(
      below + 48,
    )
    // Its first row is on screen too.
    expect((await rows.first().boundingBox())!.y + 40).toBeLessThanOrEqual(844)
    for (const id of raiders) await adminApi('PATCH', `/players/${id}`, { playerStatus: 'inactive' })
  })
})

// An outside tester on phones (2026-12-07, defect 9): the player-name links were 24 px tall, the language button
// 32, the theme toggle and the search box 36. On a touch screen every target now takes a tap from 44 px of
// height (web/app/styles.css, tap-area; `pointer-coarse:` classes), and a mouse's page is as it was.
describe('public guild page, tapped on a touch screen', () => {
  /**
   * The targets of the header and the page that a tap 21 px above or below their middle misses (a tap reaches
   * the element under it, an invisible box over a link included), as "what: height".
   */
  const shortTargets = (page: Page) =>
    page.evaluate(() => {
      const targets = [
        ...document.querySelectorAll<HTMLElement>('header a, header button, main a, main button, main input'),
      ]
      const short: string[] = []
      for (const target of targets) {
        target.scrollIntoView({ block: 'center' })
        const box = target.getClientRects()[0]
        if (!box || box.width === 0) continue
        const x = box.left + Math.min(box.width / 2, 8)
        const middle = box.top + box.height / 2
        const reached = [middle - 21, middle + 21].every((y) =>
          target.contains(document.elementFromPoint(x, y)),
        )
        if (!reached)
          short.push(
            `${target.getAttribute('aria-label') || (target as HTMLInputElement).labels?.[0]?.textContent || target.textContent?.trim()}: ${Math.round(box.height)}`,
          )
      }
      return short
    })

  it('gives every target 44 px of height on a 360 px phone, without sideways scroll; a mouse sees no change', async () => {
    const { page } = await open({ baseURL: '', viewport: { width: 360, height: 740 }, touch: true })
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
    await enter(page)
    await hydrated(page)
    await page.getByRole('button', { name: /Espada Lendária/ }).click()
    await page.getByTestId('queue-row').first().waitFor()
    await page.getByRole('button', { name: 'Alternar tema' }).waitFor()
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 })
    expect(await shortTargets(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    // The skip link, once focused (it was 16 px tall: sr-only's undoing took its padding away).
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' })
    await skip.focus()
    expect((await skip.boundingBox())!.height).toBeGreaterThanOrEqual(44)

    const desktop = await open({ baseURL: '', viewport: { width: 1280, height: 800 } })
    await enter(desktop.page)
    await desktop.page.getByRole('button', { name: 'Alternar tema' }).waitFor()
    const height = async (name: string) =>
      (await desktop.page.getByRole('button', { name }).boundingBox())!.height
    expect(await height('Alternar tema')).toBe(36)
    expect((await desktop.page.getByLabel('Buscar itens').boundingBox())!.height).toBe(36)
  })
})

// An outside tester: with "rank first", Zed at #3 was marked next and nothing said why; the minimum rank was
// "a higher rank", never named. Last in the file: the ranks and "rank first" it sets are the guild's.
describe('public guild page with ranks', () => {
  it('says the guild gives by rank first, names each rank and the minimum, on a 390 px phone', async () => {
    const officer = await adminApi('POST', '/ranks', { name: 'Oficial' })
    const recruit = await adminApi('POST', '/ranks', { name: 'Recruta' })
    const ids: Record<string, string> = {}
    for (const name of ['Samwise', 'Korvash', 'Zed'])
      ids[name] = (await adminApi('POST', '/players', { name })).id
    await adminApi('PUT', '/players-rank', { playerIds: [ids.Korvash], rankId: recruit.id })
    await adminApi('PUT', '/players-rank', { playerIds: [ids.Zed], rankId: officer.id })
    await adminApi('PUT', '/rank-first', { rankFirst: true })
    const helm = await adminApi('POST', '/items', { name: 'Elmo do Guardião', rarity: 'epic' })
    await adminApi('PATCH', `/items/${helm.id}`, { minRankId: recruit.id })
    await adminApi('POST', `/items/${helm.id}/queue/add-all`)

    const { page } = await open({ baseURL: '', viewport: { width: 390, height: 844 } })
    await enter(page)
    await hydrated(page)
    await page.getByLabel('Buscar itens').fill('elmo do')
    await page.getByRole('button', { name: /Elmo do Guardião/ }).click()
    const rows = page.getByRole('list', { name: 'Fila de Elmo do Guardião' }).getByRole('listitem')
    await rows.first().waitFor()
    await expect.poll(() => page.getByTestId('rank-first-note').textContent()).toContain('cargo primeiro')
    expect(await page.getByTestId('min-rank').textContent()).toBe('Só a partir de Recruta')
    const zed = rows.filter({ hasText: 'Zed' })
    expect(await zed.textContent()).toContain('Próximo na fila')
    expect(await zed.getByTestId('rank-badge').textContent()).toBe('Cargo: Oficial')
    const samwise = rows.filter({ hasText: 'Samwise' })
    // No badge for a player without a rank (noise, an outside tester's report).
    expect(await samwise.getByTestId('rank-badge').count()).toBe(0)
    expect(await samwise.textContent()).toContain('só a partir de Recruta')
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 })
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Korvash's page: Zed, further down, receives first, and the page says why.
    await rows.filter({ hasText: 'Korvash' }).getByRole('link', { name: 'Korvash' }).click()
    const place = page.getByTestId('queue-place').filter({ hasText: 'Elmo do Guardião' })
    await expect
      .poll(() => place.getByTestId('pending-ahead').textContent())
      .toMatch(/^1 jogador recebe antes: a guild dá por cargo primeiro/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
