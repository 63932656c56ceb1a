import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, Result } from 'axe-core'
import type { Page } from 'playwright-core'
import { untilHydrated } from './hydrated'

// @axe-core/playwright needs Node 22; injecting the installed axe-core into the page does the same job.
// Evaluated through the DevTools protocol rather than as a <script> tag, which the app's CSP would refuse.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The looks an axe check covers: both themes (colours) and both languages (texts, lang), paired light with
 * Portuguese and dark with English. All four pairings took twice the CI minutes and found nothing more.
 */
export const AXE_LOOKS = [
  { theme: 'light', language: 'pt' },
  { theme: 'dark', language: 'en' },
] as const

export type Violation = { id: string; impact: string | null | undefined; help: string; nodes: string[] }

/**
 * Runs axe-core on the page as it is now, or only inside `include` (a CSS selector, which may list several):
 * every rule (WCAG 2.x A/AA and best practices), or with `wcagOnly` the WCAG 2.1 A/AA rules alone, or with
 * `rules` those rules only (experimental ones included, such as label-content-name-mismatch).
 */
export async function axeViolations(
  page: Page,
  include?: string,
  { wcagOnly = false, rules }: { wcagOnly?: boolean; rules?: string[] } = {},
): Promise<Violation[]> {
  // Checked as the reader has it once the app runs (a page the server drew is inert until then).
  await untilHydrated(page)
  // Colours are only final once fades have ended (e.g. a page of rows fading back in): contrast is checked then.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    null,
    { timeout: 5000 },
  )
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(
    ({ selector, wcag, only }) =>
      (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }).axe.run(
        selector ? { include: [selector] } : document,
        only
          ? { runOnly: { type: 'rule', values: only } }
          : wcag
            ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }
            : {},
      ),
    { selector: include, wcag: wcagOnly, only: rules ?? null },
  )
  return (results.violations as Result[]).map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    // The first few offending elements, enough to find them.
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 160)}`),
  }))
}
