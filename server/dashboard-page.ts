import { readFileSync } from 'node:fs'
import type { Context } from 'hono'
import { TIME_ZONE_COOKIE } from '../contract/cookies'
import type { AppEnv } from './app-context'
import type { Deps } from './deps'
import { cookieValue } from './lib/cookie-value'
import { requestOrigin } from './lib/origin-check'
import { type PageRenderer, withOrigin } from './lib/page-renderer'

// A dashboard page's first answer (issue 45): the screen as it first shows once its data has arrived, rendered
// by the web app's own components on the server (renderDashboardPage, web/entry-server.tsx), which reads
// what the screen reads from this app's API, in-process, with the reader's own cookie: the page shows exactly
// what the reader's browser would be answered, no more. Made per request, never cached (it is one reader's).
// Without a session, without the reader's time zone (their cookie, written by the app: web/lib/format.ts), or
// when a read is refused, the answer is the page shell, and the browser renders the page alone.

export type DashboardPageSetting = {
  /** The built index.html, the document every page is made from. */
  templateFile: string
  renderer: () => Promise<PageRenderer>
  /** This app answering one of its own API requests, with the page's request's connection. */
  api: (request: Request, c: Context<AppEnv>) => Promise<Response>
}

/** /dashboard and its screens (web/app/routes.tsx). */
export const DASHBOARD_PAGE = /^\/dashboard(?:\/|$)/
/** One reader's page: the browser keeps it, asks each time, and no shared cache keeps it. */
const PRIVATE_PAGE = 'private, no-cache'
/** The page's request headers that say nothing to the API: what it accepts back and its page cache. */
const PAGE_ONLY_HEADERS = [
  'accept',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'content-length',
]

export function dashboardPage(deps: Deps, setting: DashboardPageSetting) {
  let template: string | undefined
  const templateOf = () => (template ??= readFileSync(setting.templateFile, 'utf8'))

  return async (c: Context<AppEnv>): Promise<Response | null> => {
    if (!DASHBOARD_PAGE.test(c.req.path)) return null
    const timeZone = knownTimeZone(cookieValue(c.req.header('cookie'), TIME_ZONE_COOKIE))
    if (!timeZone) return null
    // Not built (a test app without dist/web-ssr): the web app's fallback answers as for any page.
    const renderer = await setting.renderer().catch(() => null)
    if (!renderer) return null
    const headers = new Headers(c.req.raw.headers)
    for (const name of PAGE_ONLY_HEADERS) headers.delete(name)
    headers.set('accept', 'application/json')
    const url = new URL(c.req.url)
    const rendered = await renderer
      .renderDashboardPage(templateOf(), {
        path: url.pathname + url.search,
        language: c.get('lang'),
        timeZone,
        cookies: c.req.header('cookie') ?? '',
        origin: requestOrigin(c),
        answer: (path, init) => setting.api(new Request(new URL(path, url), { ...init, headers }), c),
        readAt: deps.now().getTime(),
      })
      .catch((error: unknown) => ({ left: 'threw' as const, error: String(error) }))
    if (!('html' in rendered)) {
      // A refused read is the reader's answer (signed out, removed): the browser shows it. Anything else is
      // a screen that cannot be drawn on the server yet: the browser still draws it, and the log says which.
      if (rendered.left !== 'refused')
        deps.logger.warn('dashboard page left to the browser', { path: url.pathname, ...rendered })
      return null
    }
    return c.html(withOrigin(rendered.html, deps.env.APP_URL), 200, { 'Cache-Control': PRIVATE_PAGE })
  }
}

const zones = new Map<string, boolean>()
/** The cookie's zone when it names one this server knows (Intl's zones), else null. */
function knownTimeZone(cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 64) return null
  let known = zones.get(cookie)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: cookie })
      known = true
    } catch {
      known = false
    }
    if (zones.size < 1000) zones.set(cookie, known)
  }
  return known ? cookie : null
}
