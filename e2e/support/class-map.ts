import type { Page } from 'playwright-core'
import { CLASS_MAP_MARK } from '../../web/lib/cn'

/**
 * Whether the page asked tailwind-merge itself while hydrating, which builds its class map in one long task:
 * a server-rendered page hydrates from the merges the server made instead (web/lib/cn.ts). Read once the
 * element `selector` names is hydrated (React holds it): the app says it is ready when its outer tree is,
 * and the page's own content may hydrate just after.
 */
export async function builtClassMapHydrating(page: Page, selector = 'h1') {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s)
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
  }, selector)
  return page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, CLASS_MAP_MARK)
}
