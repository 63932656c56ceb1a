import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type SignedUpAccount, signInPage, signUpAndConfirm } from './accounts'
import { launchBrowser, newPage, type WatchedPage } from './browser'
import { type RunningServer, startServer } from './server'

export type Journey = {
  server: RunningServer
  browser: Browser
  /** The signed-up, confirmed admin, when asked for. */
  account: SignedUpAccount
  /** The page the current test opened: closed after it, and its console errors fail the test. */
  watched: WatchedPage | undefined
  /** Opens the test's watched page on the journey's server; signed in as `signIn` when given. */
  open: (options?: {
    viewport?: { width: number; height: number }
    /** A phone's touch screen (browser.ts). */
    touch?: boolean
    signIn?: { email: string; password: string }
    /** The browser's language (its Accept-Language): pt-BR when not given. */
    locale?: string
  }) => Promise<WatchedPage>
}

/** One built app and one browser per journey file, with the hooks every journey needs. */
export function setUpJourney(
  options: { signUp?: boolean; env?: () => Record<string, string> } = {},
): Journey {
  const journey = { watched: undefined } as Journey
  journey.open = async ({ viewport, touch, signIn, locale } = {}) => {
    const watched = await newPage(journey.browser, {
      baseURL: journey.server.url,
      viewport,
      touch,
      locale,
    })
    journey.watched = watched
    if (signIn) await signInPage(watched.page, signIn)
    return watched
  }
  beforeAll(async () => {
    // `env` is read here, after the file's earlier beforeAll hooks (e.g. one that starts an SMTP server).
    ;[journey.server, journey.browser] = await Promise.all([startServer(options.env?.()), launchBrowser()])
    if (options.signUp) journey.account = await signUpAndConfirm(journey.server.url)
  })
  afterAll(async () => {
    await journey.browser?.close()
    await journey.server?.stop()
  })
  afterEach(async () => {
    const errors = journey.watched?.consoleErrors ?? []
    await journey.watched?.context.close()
    journey.watched = undefined
    expect(errors).toEqual([])
  })
  return journey
}
