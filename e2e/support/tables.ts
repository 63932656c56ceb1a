import type { Page } from 'playwright-core'

/** What one table on the page keeps out of view: by its caption. */
export type TableReach = {
  /** How far the table scrolls sideways inside its own box, in CSS pixels (0: every column is in view). */
  scrolls: number
  /** The row controls (buttons, links, boxes) that end past the window's right edge, by their names. */
  offScreen: string[]
  /** How many row controls are shown (display: none ones not counted). */
  controls: number
}

/**
 * Every table on the page, by caption: whether it fits its box and its rows' controls are inside the window.
 * A table that scrolls inside its card gives no hint that it does: an action past the edge is not found.
 */
export function tablesReach(page: Page): Promise<Record<string, TableReach>> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const reach: Record<string, { scrolls: number; offScreen: string[]; controls: number }> = {}
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement!
      const controls = [...table.querySelectorAll('tbody button, tbody a, tbody input')].filter(
        (el) => el.getClientRects().length > 0,
      )
      reach[table.querySelector('caption')?.textContent ?? '?'] = {
        scrolls: box.scrollWidth - box.clientWidth,
        offScreen: controls
          .filter((el) => el.getBoundingClientRect().right > width)
          .map((el) => el.getAttribute('aria-label') ?? el.textContent ?? '?'),
        controls: controls.length,
      }
    }
    return reach
  })
}
