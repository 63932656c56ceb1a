import type { LaunchedChrome } from 'chrome-launcher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audit, CATEGORIES, type Category, launchAuditBrowser } from '../scripts/lighthouse/audit'
import { type RunningServer, startServer } from './support/server'

// CI's regression floor under issue 45's Lighthouse goals (Lighthouse 12.2.3, mobile preset, Debian's
// Chromium): one run per page, on the prerendered landing and FAQ and on sign-in. The full measure (every
// page of the issue, median of three) is `node --import tsx scripts/lighthouse.ts`. Performance is scored on
// a simulated phone from the main thread's work as measured here, so a CI machine busy with the other
// journeys scores lower than a quiet one: its floors sit below the goals (≥ 95 landing and FAQ, ≥ 90
// sign-in) by what this machine's runs varied, and still fail the regressions issue 45 removed (a landing
// drawn by JavaScript scored 60–75). Accessibility, best practices and SEO do not depend on the load: 100.

const FLOORS: { name: string; path: string; floors: Record<Category, number> }[] = [
  {
    name: 'landing',
    path: '/',
    floors: { performance: 85, accessibility: 100, 'best-practices': 100, seo: 100 },
  },
  {
    name: 'FAQ',
    path: '/en/faq',
    floors: { performance: 85, accessibility: 100, 'best-practices': 100, seo: 100 },
  },
  {
    name: 'sign-in',
    path: '/auth',
    floors: { performance: 60, accessibility: 100, 'best-practices': 100, seo: 90 },
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
  it.each(FLOORS)('$name', { timeout: 180_000 }, async ({ name, path, floors }) => {
    const scores = await audit(chrome.port, server.url + path)
    console.info(`[lighthouse] ${name}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}`)
    if (scores.failed.length) console.info(`[lighthouse] ${name}, under 90: ${scores.failed.join('; ')}`)
    for (const category of CATEGORIES)
      expect.soft(scores[category], category).toBeGreaterThanOrEqual(floors[category])
  })
})
