import { describe, expect, it } from 'vitest'
import { newPage } from './support/browser'
import { setUpJourney } from './support/journey'

const journey = setUpJourney()

describe('foundation journeys', () => {
  it('loads the landing page', async () => {
    journey.watched = await newPage(journey.browser, { baseURL: journey.server.url })
    const res = await journey.watched.page.goto('/')
    expect(res?.status()).toBe(200)
    await expect.poll(() => journey.watched!.page.title()).toContain('LootQueue')
  })

  it('shows the 404 page with a link home for an unknown route', async () => {
    journey.watched = await newPage(journey.browser, { baseURL: journey.server.url })
    await journey.watched.page.goto('/this/route/does-not-exist')
    const { page } = journey.watched
    await page.getByText('Oops! Page not found').waitFor()
    // The unknown address stays in the bar (no redirect hides what the user typed).
    expect(new URL(page.url()).pathname).toBe('/this/route/does-not-exist')
    await page.getByRole('link', { name: 'Voltar para o início' }).click()
    await page.waitForURL(`${journey.server.url}/`)
    expect(await page.getByText('Oops! Page not found').count()).toBe(0)
  })

  it('serves the API and not the app under /api', async () => {
    const res = await fetch(`${journey.server.url}/api/v1/unknown`)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
  })
})
