import type { Page } from 'playwright-core'

/**
 * Until the app has hydrated what the server drew: a dashboard page is inert until then
 * (web/components/layout/dashboard/dashboard-shell.tsx), so the accessibility tree and hit-testing
 * (`elementFromPoint`) do not see it yet. Clicks need no wait (Playwright waits for an element that can
 * receive them); checks that look at the page as it stands do.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[inert]'), null, { timeout: 15_000 })
}
