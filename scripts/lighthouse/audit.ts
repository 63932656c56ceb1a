// Lighthouse 12.2.3 (the pinned devDependency) over the built app's pages, in Debian's Chromium: no browser
// is downloaded. Mobile preset (Lighthouse's default: a mid-range phone, 4× CPU, simulated 4G), the four
// categories. Used by scripts/lighthouse.ts (prints the scores, median of runs) and by the CI floor
// (e2e/lighthouse.e2e.ts).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { signUpAndConfirm } from '../../e2e/support/accounts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser'
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE } from '../../contract/cookies'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
/**
 * The four scores (0–100), the LCP and total blocking time Lighthouse simulated, what scored under 90
 * (`category/audit score`), and the scored audits that could not run (`category/audit: message`).
 */
export type Scores = Record<Category, number> & {
  lcpMs: number
  tbtMs: number
  failed: string[]
  errored: string[]
}

export type AuditedPage = { name: string; path: string; cookie?: string }

const GUILD_PASSWORD = 'raid-night' // set at sign-up by signUpAndConfirm

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/**
 * A guild with 40 players and 5 items queued with all of them, an admin's session cookie and a raider's
 * public-page access cookie: what the signed-in and public pages need to show something real.
 */
export async function seedAuditGuild(baseURL: string) {
  const account = await signUpAndConfirm(baseURL)
  const signIn = await fetch(`${baseURL}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  const admin = cookieOf(signIn)
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { cookie: admin, origin: baseURL, 'content-type': 'application/json' },
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
  const access = await fetch(`${baseURL}/api/v1/public/guilds/${account.slug}/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ password: GUILD_PASSWORD }),
  })
  if (!access.ok) throw new Error(`access: ${access.status} ${await access.text()}`)
  return { slug: account.slug, firstItemId: items[0]!, admin, raider: cookieOf(access) }
}

/**
 * A visitor who chose Portuguese: Chromium asks in English, and a reader of English who opens a Portuguese page
 * of the site is sent to its English address (docs/decisions/014-server-rendering.md).
 */
export const CHOSE_PORTUGUESE = `${LANGUAGE_COOKIE}=pt`

/** The pages issue 45 lists, with the cookies they need. */
export function auditedPages(guild: Awaited<ReturnType<typeof seedAuditGuild>>): AuditedPage[] {
  // The admin as they come back to the dashboard: their browser holds the time-zone cookie the app wrote on their
  // last visit (web/lib/format.ts), with which the server renders their page (server/dashboard-page.ts).
  // Chromium's zone is this machine's.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const returningAdmin = `${guild.admin}; ${TIME_ZONE_COOKIE}=${zone}`
  return [
    { name: 'landing', path: '/', cookie: CHOSE_PORTUGUESE },
    { name: 'landing (en)', path: '/en' },
    { name: 'FAQ', path: '/faq', cookie: CHOSE_PORTUGUESE },
    { name: 'sign-in', path: '/auth' },
    { name: 'public guild', path: `/guilds/${guild.slug}?item=${guild.firstItemId}`, cookie: guild.raider },
    { name: 'dashboard items', path: '/dashboard/items', cookie: returningAdmin },
    { name: 'dashboard history', path: '/dashboard/history', cookie: returningAdmin },
  ]
}

/** One Chromium for every audit (Lighthouse opens a fresh tab with an empty cache for each). */
export async function launchAuditBrowser() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
}

/**
 * One Lighthouse run of `url`: the four category scores (0–100) and the LCP it measured. A run that could not
 * measure is run again, twice at most: one whose trace Chromium lost (NO_NAVSTART, NO_FCP: seen on a busy
 * machine), or one where a scored audit errored (an errored audit counts as 0: on CI, beside the other
 * journeys, the FAQ's SEO once scored 92 with nothing under 90).
 */
export async function audit(port: number, url: string, cookie?: string, tries = 3): Promise<Scores> {
  try {
    const scores = await auditOnce(port, url, cookie)
    if (tries > 1 && scores.errored.length > 0) {
      console.info(`[lighthouse] ${url}: errored ${scores.errored.join('; ')}; measuring again`)
      return audit(port, url, cookie, tries - 1)
    }
    return scores
  } catch (error) {
    if (tries > 1 && /NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error)))
      return audit(port, url, cookie, tries - 1)
    throw error
  }
}

/**
 * `measure` with `cookie` ("a=1; b=2") in the browser's own cookie jar for `url`'s origin, emptied after. Not
 * Lighthouse's `extraHeaders`: once a page set a cookie of its own (the language's), Chromium sent its jar
 * instead of that header, so the public guild page lost its access after hydrating and was measured as the
 * password form, and the dashboard lost its session.
 */
async function withCookies<T>(
  port: number,
  url: string,
  cookie: string | undefined,
  measure: () => Promise<T>,
) {
  if (!cookie) return measure()
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  const jar = browser.contexts()[0]!
  try {
    const origin = new URL(url).origin
    await jar.addCookies(
      cookie.split(';').map((pair) => {
        const [name, ...value] = pair.trim().split('=')
        return { name: name!, value: value.join('='), url: origin }
      }),
    )
    return await measure()
  } finally {
    await jar.clearCookies()
    await browser.close() // connected, not launched: this disconnects and leaves Chromium running
  }
}

async function auditOnce(port: number, url: string, cookie?: string): Promise<Scores> {
  const result = await withCookies(port, url, cookie, () =>
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }),
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
  const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100)
  const failed: string[] = []
  const errored: string[] = []
  for (const category of Object.values(categories)) {
    for (const ref of category.auditRefs) {
      const found = audits[ref.id]
      if (ref.weight > 0 && found?.scoreDisplayMode === 'error') {
        errored.push(`${category.id}/${ref.id}: ${found.errorMessage ?? 'error'}`)
      }
      if (ref.weight > 0 && found && found.score !== null && found.score < 0.9) {
        const value = found.displayValue ? ` (${found.displayValue})` : ''
        // What the console said, for errors-in-console: the one audit whose score says nothing of its cause.
        const said = (found.details as { items?: { description?: string }[] } | undefined)?.items
          ?.map((item) => item.description)
          .filter(Boolean)
        const detail =
          ref.id === 'errors-in-console' && said?.length ? `: ${said.join(' | ').slice(0, 300)}` : ''
        failed.push(`${category.id}/${ref.id} ${Math.round(found.score * 100)}${value}${detail}`)
      }
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    failed,
    errored,
  }
}
