import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newPage, type WatchedPage } from './support/browser'
import { type RunningServer, startServer } from './support/server'

let server: RunningServer
let browser: Browser
let watched: WatchedPage | undefined

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  const errors = watched?.consoleErrors ?? []
  await watched?.context.close()
  watched = undefined
  expect(errors).toEqual([])
})

describe('foundation journeys', () => {
  it('loads the landing page', async () => {
    watched = await newPage(browser, { baseURL: server.url })
    const res = await watched.page.goto('/')
    expect(res?.status()).toBe(200)
    await expect.poll(() => watched!.page.title()).toContain('LootQueue')
  })

  it('shows the 404 page with a link home for an unknown route', async () => {
    watched = await newPage(browser, { baseURL: server.url })
    await watched.page.goto('/this/route/does-not-exist')
    await watched.page.getByText('Oops! Page not found').waitFor()
    await watched.page.getByRole('link', { name: 'Voltar para o início' }).click()
    await watched.page.waitForURL(`${server.url}/`)
  })

  it('serves the API and not the app under /api', async () => {
    const res = await fetch(`${server.url}/api/v1/unknown`)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
  })
})
