import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, Result } from 'axe-core'
import type { Page } from 'playwright-core'

// @axe-core/playwright needs Node 22; injecting the installed axe-core into the page does the same job.
// Evaluated through the DevTools protocol rather than as a <script> tag, which the app's CSP would refuse.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type Violation = { id: string; impact: string | null | undefined; help: string; nodes: string[] }

/**
 * Violations in shared components owned by someone else may be listed here while being fixed, so every other
 * violation still fails the tests. Empty now: keep it that way.
 */
export const KNOWN_ISSUES: { id: string; html: RegExp }[] = []

export type AxeReport = { violations: Violation[]; known: Violation[] }

/**
 * Runs every axe-core rule (WCAG 2.x A/AA and best practices) on the page as it is now, or only inside
 * `include` (a CSS selector).
 */
export async function axeReport(page: Page, include?: string): Promise<AxeReport> {
  // Colours are only final once fades have ended (e.g. a page of rows fading back in): contrast is checked then.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    null,
    { timeout: 5000 },
  )
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run: (ctx: unknown) => Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
      ),
    include,
  )
  const report: AxeReport = { violations: [], known: [] }
  for (const v of results.violations as Result[]) {
    const isKnown = (html: string) => KNOWN_ISSUES.some((k) => k.id === v.id && k.html.test(html))
    const summarize = (nodes: Result['nodes']): Violation => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // The first few offending elements, enough to find them.
      nodes: nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 160)}`),
    })
    const known = v.nodes.filter((n) => isKnown(n.html))
    const unknown = v.nodes.filter((n) => !isKnown(n.html))
    if (known.length) report.known.push(summarize(known))
    if (unknown.length) report.violations.push(summarize(unknown))
  }
  return report
}

export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  return (await axeReport(page, include)).violations
}
