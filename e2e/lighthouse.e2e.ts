import type { LaunchedChrome } from 'chrome-launcher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  audit,
  CATEGORIES,
  CHOSE_PORTUGUESE,
  type Category,
  launchAuditBrowser,
} from '../scripts/lighthouse/audit'
import { type RunningServer, startServer } from './support/server'

// CI's regression floor under issue 45's Lighthouse goals (Lighthouse 12.2.3, mobile preset, Debian's
// Chromium): one run per page, on the prerendered landing, FAQ and sign-in. The full measure (every page of
// the issue, median of three) is `node --import tsx scripts/lighthouse.ts`. Accessibility, best practices
// and SEO do not depend on how busy the machine is: they are held at 100. Performance is scored on a
// simulated phone from the main thread's work as measured here, so it follows the machine's load: on this
// shared two-core machine at a load average of 30 the same build scored 62 (landing) and 42 (FAQ), where a
// quiet run scores in the goals' range; in CI of 2026-12-04, beside the other journeys, 57, 65 and 75
// (sign-in, prerendered since). Its floors only catch a gross regression (a page drawn by JavaScript again,
// a blocking script in the head); the goals themselves are measured with the script.

const FLOORS: { name: string; path: string; cookie?: string; floors: Record<Category, number> }[] = [
  {
    name: 'landing',
    path: '/',
    cookie: CHOSE_PORTUGUESE,
    floors: { performance: 35, accessibility: 100, 'best-practices': 100, seo: 100 },
  },
  {
    name: 'FAQ',
    path: '/en/faq',
    floors: { performance: 35, accessibility: 100, 'best-practices': 100, seo: 100 },
  },
  {
    name: 'sign-in',
    path: '/auth',
    floors: { performance: 35, accessibility: 100, 'best-practices': 100, seo: 100 },
  },
]

let server: RunningServer
let chrome: LaunchedChrome

beforeAll(async () => {
  ;[server, chrome] = await Promise.all([startServer(), launchAuditBrowser()])
})
afterAll(async () => {
  chrome?.kill()
  await server?.stop()
})

describe('Lighthouse floor (mobile)', () => {
  it.each(FLOORS)('$name', { timeout: 180_000 }, async ({ name, path, cookie, floors }) => {
    const scores = await audit(chrome.port, server.url + path, cookie)
    console.info(`[lighthouse] ${name}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}`)
    if (scores.failed.length) console.info(`[lighthouse] ${name}, under 90: ${scores.failed.join('; ')}`)
    for (const category of CATEGORIES)
      expect.soft(scores[category], category).toBeGreaterThanOrEqual(floors[category])
  })
})
