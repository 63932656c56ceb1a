import { describe, expect, it } from 'vitest'
import { setUpJourney } from './support/journey'

const journey = setUpJourney()

describe('foundation journeys', () => {
  it('loads the landing page', async () => {
    const { page } = await journey.open()
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    await expect.poll(() => page.title()).toContain('LootQueue')
  })

  // The 404 page and its link home: landing.e2e.ts, in both languages.
  it('serves the API and not the app under /api', async () => {
    const res = await fetch(`${journey.server.url}/api/v1/unknown`)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
  })
})
