import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Flags that keep Chromium off the network: this machine has none, and tests must not reach outside. Every
// address but loopback (which Chromium never proxies) goes to a proxy on a closed port, and no other host
// name resolves: cheaper than routing every request of every page through Playwright (a round trip to
// the test process each), and a page that reaches out still fails its test (a console error).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--proxy-server=127.0.0.1:9',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--metrics-recording-only',
  '--no-default-browser-check',
]

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}

const octet = () => Math.floor(Math.random() * 250) + 1

export type WatchedPage = {
  page: Page
  context: BrowserContext
  consoleErrors: string[]
  /** Console warnings: the journeys' afterEach does not fail on them; a test that means to, asserts them. */
  consoleWarnings: string[]
}

/** A page that records console errors and uncaught exceptions; journeys assert there were none. */
export async function newPage(
  browser: Browser,
  options: {
    baseURL: string
    locale?: string
    viewport?: { width: number; height: number }
    /** The browser's clock (an IANA zone); the machine's when not given. */
    timezoneId?: string
    /** A phone's touch screen: taps, and no hover with a coarse pointer for CSS media queries. */
    touch?: boolean
  },
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    locale: options.locale ?? 'pt-BR',
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // Every browser context is its own visitor, as if behind a local reverse proxy (the server trusts
    // X-Forwarded-For from loopback only): per-client rate limits then apply per context, not per test run.
    extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
  })
  const page = await context.newPage()
  const consoleErrors: string[] = []
  const consoleWarnings: string[] = []
  // A page's own address answering 404 is the product saying "not found" on purpose (the server renders the
  // 404 page with that status, docs/decisions/014-server-rendering.md); Chromium logs it as a failed load.
  const documents = new Set<string>()
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.add(request.url())
  })
  page.on('console', (msg) => {
    const documentNotFound =
      msg.text().startsWith('Failed to load resource') && documents.has(msg.location().url)
    // Chromium's text of a failed load leaves out the address: added, so a failure says which request.
    const text = msg.text().startsWith('Failed to load resource')
      ? `${msg.text()} (${msg.location().url})`
      : msg.text()
    if (msg.type() === 'error' && !documentNotFound) consoleErrors.push(text)
    if (msg.type() === 'warning') consoleWarnings.push(msg.text())
  })
  page.on('pageerror', (err) => consoleErrors.push(err.message))
  return { page, context, consoleErrors, consoleWarnings }
}
