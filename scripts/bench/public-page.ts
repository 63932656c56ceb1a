// The public guild page as a raider who already entered the password gets it on a cold cache: the JavaScript
// the page asked for before the first queue row entered it (raw and gzip; e2e/support/first-row.ts) and the
// Largest Contentful Paint in headless Chromium on a desktop viewport (issue 13: ≤ 90 KiB gzip, LCP ≤ 1.0 s).
// The guild has 40 players and 5 items each queued with all of them. Used by scripts/measure-public.ts and by
// the public-page bench (scripts/bench/public-page.bench.ts).
import type { Browser } from 'playwright-core'
import { signUpAndConfirm } from '../../e2e/support/accounts'
import { markFirstRow, QUEUE_ROW, scriptsBeforeFirstRow } from '../../e2e/support/first-row'
import type { RunningServer } from '../../e2e/support/server'
import { median, paintMetrics, recordScripts, type ScriptLoad } from '../page-measures'

const GUILD_PASSWORD = 'raid-night' // set at sign-up by signUpAndConfirm

export const PUBLIC_PAGE_GOALS = { gzipKiB: 90, lcpMs: 1000 }

async function seed(server: RunningServer) {
  const account = await signUpAndConfirm(server.url)
  const signIn = await fetch(`${server.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<{ id: string }>
  }
  for (let i = 1; i <= 40; i++) await api('POST', '/players', { name: `Raider ${i}` })
  const items: string[] = []
  for (let i = 1; i <= 5; i++) {
    const item = await api('POST', '/items', { name: `Item ${i}`, rarity: 'epic' })
    await api('POST', `/items/${item.id}/queue/add-all`)
    items.push(item.id)
  }
  return { ...account, firstItemId: items[0]! }
}

async function load(browser: Browser, baseURL: string, slug: string, itemId: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1350, height: 940 },
    locale: 'pt-BR',
  })
  // The access cookie the gate gives, taken outside the page so the measured load is the queue's, not the form's.
  const access = await context.request.post(`/api/v1/public/guilds/${slug}/access`, {
    data: { password: GUILD_PASSWORD },
    headers: { origin: baseURL },
  })
  if (!access.ok()) throw new Error(`access: ${access.status()} ${await access.text()}`)
  const page = await context.newPage()
  const loaded = recordScripts(page)
  await markFirstRow(page)
  // A shared link to one item's queue (the page shows no queue until an item is chosen).
  await page.goto(`/guilds/${slug}?item=${itemId}`)
  await page.locator(QUEUE_ROW).first().waitFor({ timeout: 120_000 })
  const { at: shownMs, fromHtml, paths } = await scriptsBeforeFirstRow(page)
  // Responses still arriving for scripts asked for before the row.
  while ([...paths].some((path) => !loaded.some((s) => s.file === path))) await page.waitForTimeout(50)
  const scripts = loaded.filter((s) => paths.has(s.file))
  const paint = await page.evaluate(paintMetrics)
  // Hydrated and live: every script the page needed for that (issue 45).
  await page.locator('[data-live="true"]').waitFor({ timeout: 120_000 })
  await page.waitForLoadState('networkidle')
  const hydration = [...loaded]
  await context.close()
  return { ...paint, shownMs, fromHtml, scripts, hydration }
}

export type PublicPageMeasure = {
  /** The scripts of the first (cold) load, before its first queue row (none when it came in the HTML). */
  scripts: ScriptLoad[]
  gzipBytes: number
  /** The first queue row came in the page's HTML (server-rendered, issue 45). */
  fromHtml: boolean
  /** Every script of the first load until the page is hydrated and live. */
  hydration: ScriptLoad[]
  /** Medians of the runs. */
  lcpMs: number
  shownMs: number
  /** What the first load's LCP painted. */
  element: string
}

/** Seeds a guild in `server`, then loads its public page `runs` times, each in a new browser context. */
export async function measurePublicPage(setting: {
  server: RunningServer
  browser: Browser
  runs: number
}): Promise<PublicPageMeasure> {
  const { server, browser, runs } = setting
  const { slug, firstItemId } = await seed(server)
  const results = []
  for (let i = 0; i < runs; i++) results.push(await load(browser, server.url, slug, firstItemId))
  const first = results[0]!
  return {
    scripts: first.scripts,
    gzipBytes: first.scripts.reduce((n, s) => n + s.gzip, 0),
    fromHtml: first.fromHtml,
    hydration: first.hydration,
    lcpMs: median(results.map((r) => r.lcp)),
    shownMs: median(results.map((r) => r.shownMs)),
    element: first.element,
  }
}
