import type { Page } from 'playwright-core'

// "Before the queue shows", as the page itself saw it: the instant the first queue row entered the DOM,
// and the scripts the page had asked for by then (issue 13's budget counts those). Playwright learns of the
// row later than the page does, and on a fast machine a chunk asked for when the browser is idle after the
// row (the header's switches, docs/decisions/013-public-page-entry.md) would otherwise be counted too.

export const QUEUE_ROW = '[data-testid="queue-row"]'

type Marked = { __lqFirstRowAt?: number }

/** Before the page loads: note when the first element matching `selector` is added. */
export async function markFirstRow(page: Page, selector = QUEUE_ROW) {
  await page.addInitScript((wanted) => {
    const w = window as unknown as Marked
    new MutationObserver((_, observer) => {
      if (document.querySelector(wanted)) {
        w.__lqFirstRowAt = performance.now()
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  }, selector)
}

/** Once the row is there: when it came (ms since navigation) and the paths of the scripts asked for by then. */
export async function scriptsBeforeFirstRow(page: Page): Promise<{ at: number; paths: Set<string> }> {
  const { at, paths } = await page.evaluate(() => {
    const at = (window as unknown as Marked).__lqFirstRowAt ?? Number.POSITIVE_INFINITY
    const paths = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= at && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname)
    return { at, paths }
  })
  return { at, paths: new Set(paths) }
}
