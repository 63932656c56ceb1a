import type { Page } from 'playwright-core'
import itemsPt from '../../web/locales/pt/items.json'
import publicPt from '../../web/locales/pt/public.json'
import { tr, trPattern } from './i18n'

// Reading queues as a person sees them (Portuguese screens): the dashboard's queue panel and the public page.

/** The public password every journey guild gets at sign-up (e2e/support/accounts.ts). */
export const GUILD_PASSWORD = 'raid-night'

const DRAG_HANDLE = trPattern(itemsPt.queue.dragHandle, ['name'])

/** Player names in the dashboard's queue panel, in order, read from the drag handles' labels. */
export async function dashboardQueue(page: Page): Promise<string[]> {
  const handles = await page
    .getByRole('list', { name: itemsPt.queue.listLabel })
    .getByRole('button', { name: DRAG_HANDLE })
    .all()
  return Promise.all(
    handles.map(async (h) => (await h.getAttribute('aria-label'))!.match(DRAG_HANDLE)!.groups!.name!),
  )
}

/** The public page's rows of an item's queue, each as its text ("1Aria#1 hoje…"), in order. */
export const publicQueueRows = (page: Page, itemName: string) =>
  page
    .getByRole('list', { name: tr(publicPt.queue.listLabel, { item: itemName }) })
    .getByRole('listitem')
    .allInnerTexts()

/** Opens /guilds/{slug} and enters the password; resolves once the access cookie is set. */
export async function enterPublicPage(page: Page, slug: string) {
  await page.goto(`/guilds/${slug}`)
  await page.getByLabel(publicPt.gate.password).fill(GUILD_PASSWORD)
  await page.getByRole('button', { name: publicPt.gate.submit }).click()
  // The gate shows the guild's name as its heading too: only the toast says the cookie is set.
  await page.getByText(publicPt.gate.success).waitFor()
}
