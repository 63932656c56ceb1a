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

  // The 404 page and its link home: landing.e2e.ts, in both languages.
  it('serves the API and not the app under /api', async () => {
    const res = await fetch(`${journey.server.url}/api/v1/unknown`)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
  })
})
