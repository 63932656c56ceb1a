import type { Page } from 'playwright-core'

// "Before the queue shows", as the page itself saw it: the instant the first queue row entered the DOM,
// and the scripts that could have run by then (issue 13's budget counts those). Playwright learns of the
// row later than the page does, and on a fast machine a chunk asked for when the browser is idle after the
// row (the header's switches, docs/decisions/013-public-page-entry.md) would otherwise be counted too.
// Since the server renders the queue into the page's HTML (issue 45, docs/decisions/014-server-rendering.md),
// the row is usually put there by the HTML parser, while the document is still loading: the app's scripts
// are modules, which run only once the document is parsed, so none of them ran before the queue showed.

export const QUEUE_ROW = '[data-testid="queue-row"]'

type Marked = { __lqFirstRowAt?: number; __lqFirstRowFromHtml?: boolean }

/** Before the page loads: note when the first element matching `selector` is added, and by whom. */
export async function markFirstRow(page: Page, selector = QUEUE_ROW) {
  await page.addInitScript((wanted) => {
    const w = window as unknown as Marked
    new MutationObserver((_, observer) => {
      if (document.querySelector(wanted)) {
        w.__lqFirstRowAt = performance.now()
        w.__lqFirstRowFromHtml = document.readyState === 'loading'
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  }, selector)
}

export type FirstRow = {
  /** ms since navigation. */
  at: number
  /** The row came in the HTML, parsed before any of the app's (module) scripts could run. */
  fromHtml: boolean
  /** The scripts that could have run before the row showed: none when it came in the HTML. */
  paths: Set<string>
}

/** Once the row is there: when it came, whether in the HTML, and the scripts asked for before it otherwise. */
export async function scriptsBeforeFirstRow(page: Page): Promise<FirstRow> {
  const { at, fromHtml, paths } = await page.evaluate(() => {
    const w = window as unknown as Marked
    const at = w.__lqFirstRowAt ?? Number.POSITIVE_INFINITY
    const fromHtml = w.__lqFirstRowFromHtml === true
    const paths = fromHtml
      ? []
      : performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= at && new URL(e.name).pathname.endsWith('.js'))
          .map((e) => new URL(e.name).pathname)
    return { at, fromHtml, paths }
  })
  return { at, fromHtml, paths: new Set(paths) }
}
