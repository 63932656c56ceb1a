import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, type Env, Hono } from 'hono'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Language } from '../contract/enums'
import { linkLanguageOf } from '../contract/language-link'
import { acceptsGzip, matchesTag } from './lib/cached-answer'
import { webAppCsp } from './lib/content-security-policy'
import { requestLanguage } from './lib/i18n'
import { loadSitePages, robotsTxt, sitemapXml, type StaticPage } from './lib/site-pages'

// The built web app: its files, its pages with their CSP, the prerendered site pages, robots.txt and the
// sitemap, 301s for moved addresses, the history fallback for the route table's paths and a 404 for the rest.
// Light on purpose (no database, auth or modules): server/main.ts serves it while the database opens, so a
// browser gets the page before the API can answer (docs/decisions/006-operations.md).

/** The secure headers of the web app's answers: its pages, files and fallback. */
export const securityHeaders = () =>
  secureHeaders({ contentSecurityPolicy: undefined, crossOriginEmbedderPolicy: false })

/**
 * The secure headers of an API answer: data read by fetch, never a document (its CSP lets it load nothing,
 * lib/content-security-policy.ts). It keeps the ones that guard data (nosniff, Cross-Origin-Resource-Policy,
 * HSTS, X-Frame-Options) and Referrer-Policy (no-referrer, as the pages: an answer opened as a page, the API
 * reference among them, leaks no URL with a token in it; issue 43), and leaves out those that only govern a
 * document (opener and agent-cluster isolation, DNS prefetch, the XSS auditor) or old clients (IE8
 * downloads, Flash and Acrobat policies). docs/decisions/004-request-hardening.md, "API response headers".
 */
export const apiSecurityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  })

/**
 * A page's first answer made per request: a public guild page (server/modules/public/public-page.ts), a
 * dashboard page (server/dashboard-page.ts). Null: the shell answers, and the browser renders the page.
 */
export type ServerPage<E extends Env> = (c: Context<E>) => Promise<Response | null>

export type WebAppOptions<E extends Env> = {
  /** The site's own address (APP_URL): what canonical, alternate and preview addresses start with. */
  origin: string
  /** dist/web-ssr by default: what the build left for the server (server/lib/site-pages.ts). */
  ssrRoot?: string
  publicGuildPage?: ServerPage<E>
  /** Asked for every /dashboard address. */
  dashboardPage?: ServerPage<E>
}

/** /guilds/:slug and /guilds/:slug/players/:playerId (web/app/routes.tsx). */
export const PUBLIC_GUILD_PAGE = /^\/guilds\/[^/]+(?:\/players\/[^/]+)?$/

/** Files outside /assets (favicons, the preview image) keep their names across releases: a day. */
const STATIC_FILE_CACHE = 'public, max-age=86400'
/** The query of sign-in's sign-up tab, as the site's links write it (web/features/landing). */
const SIGN_UP_TAB = '?tab=signup'
/** Pages change with each release: kept, but asked for again each time (their ETag answers 304). */
const PAGE_CACHE = 'no-cache'

/**
 * What an answer chosen by the reader's language varies by, besides its encoding: their saved choice (the
 * `lq_lang` cookie) and their browser's languages. A cache keyed on the address alone would hand one
 * reader's language to the next.
 */
const BY_READER = 'Accept-Encoding, Accept-Language, Cookie'

function answerPage(
  c: Context,
  page: StaticPage,
  status: ContentfulStatusCode = 200,
  vary = 'Accept-Encoding',
): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': PAGE_CACHE,
    ETag: page.etag,
    Vary: vary,
  }
  if (status === 200 && matchesTag(c.req.header('if-none-match'), page.etag))
    return c.body(null, 304, headers)
  const gzip = acceptsGzip(c.req.header('accept-encoding'))
  if (gzip) headers['Content-Encoding'] = 'gzip'
  return c.body((gzip ? page.gzip : page.raw) as Uint8Array<ArrayBuffer>, status, headers)
}

/**
 * Where an old or misspelt address of a page went (301): a trailing slash, /index.html, the Portuguese
 * pages under a /pt prefix (Portuguese is the default, without one). Null: no such page.
 */
export function movedTo(path: string, isPage: (path: string) => boolean): string | null {
  let moved = path
  if (moved === '/index.html') moved = '/'
  if (moved === '/pt' || moved.startsWith('/pt/')) moved = moved.slice(3) || '/'
  if (moved.length > 1 && moved.endsWith('/')) moved = moved.replace(/\/+$/, '') || '/'
  return moved !== path && isPage(moved) ? moved : null
}

/** Registers the web app on `app`, after its API routes: the fallback answers every other GET. */
export function mountWebApp<E extends Env>(app: Hono<E>, webRoot: string, options: WebAppOptions<E>) {
  const { origin } = options
  const indexFile = join(webRoot, 'index.html')
  const site = loadSitePages(options.ssrRoot ?? join(webRoot, '../web-ssr'), origin)
  const isPage = (path: string) => site.byPath.has(path) || site.isRoute(path)
  // The web app's pages get a strict CSP. Registered after the API and /dev routes, so it never reaches
  // the API reference or the outbox, which are not the web app. The prerendered and server-rendered pages
  // carry the same inline script as index.html, and their data as JSON, which is never run.
  const csp = existsSync(indexFile) ? webAppCsp(readFileSync(indexFile, 'utf8')) : null
  if (csp) {
    app.use('*', async (c, next) => {
      await next()
      if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('Content-Security-Policy', csp)
    })
  }
  app.get('*', async (c, next) => {
    const moved = movedTo(c.req.path, isPage)
    if (!moved) return next()
    const query = new URL(c.req.url).search
    return c.redirect(moved + query, 301)
  })
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', STATIC_FILE_CACHE)
    return c.text(robotsTxt(origin))
  })
  const sitemap = sitemapXml(
    origin,
    [...site.byPath.keys()]
      .sort()
      .filter((path) => !isEnglishAddress(path))
      .map((path) => ({ pt: path, en: englishAddressOf(path) })),
  )
  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', STATIC_FILE_CACHE)
    return c.body(sitemap, 200, { 'Content-Type': 'application/xml; charset=UTF-8' })
  })
  // The public site's pages, prerendered in both languages (web/entry-server.tsx). A Portuguese address sends a
  // reader of English to the English one (decision 014, "Languages have addresses"), so it varies by reader.
  app.get('*', async (c, next) => {
    const { path } = c.req
    const page = site.byPath.get(path)
    if (!page) return next()
    if (isEnglishAddress(path)) return answerPage(c, page)
    const english = englishAddressOf(path)
    if (site.byPath.has(english) && requestLanguage(c) === 'en') {
      c.header('Vary', BY_READER)
      c.header('Cache-Control', PAGE_CACHE)
      return c.redirect(english + new URL(c.req.url).search, 302)
    }
    return answerPage(c, page, 200, BY_READER)
  })
  if (existsSync(webRoot)) {
    // Vite names assets by content hash: they never change, so browsers may keep them for a year. Set on
    // the answer once made (serveStatic's onFound runs after its answer is built, so a header set there is
    // lost unless an earlier middleware happened to read the response first).
    app.use('*', async (c, next) => {
      await next()
      if (!c.res.ok || c.res.headers.has('Cache-Control')) return
      const type = c.res.headers.get('content-type') ?? ''
      if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable')
      else if (!type.startsWith('text/html')) c.header('Cache-Control', STATIC_FILE_CACHE)
    })
    app.use('*', serveStatic({ root: webRoot }))
    // An asset that is not there (an old hash after an update) is a 404, never the page cached for a year.
    app.get('/assets/*', (c) => c.notFound())
  }
  app.get('*', async (c) => {
    const language = siteLanguageOfRequest(c)
    if (PUBLIC_GUILD_PAGE.test(c.req.path) && options.publicGuildPage) {
      const answer = await options.publicGuildPage(c)
      if (answer) return answer
    }
    if (options.dashboardPage) {
      const answer = await options.dashboardPage(c)
      if (answer) return answer
    }
    if (!site.isRoute(c.req.path)) {
      // Search engines and links see a missing page as one: the 404 page, with its status.
      if (site.notFound) return answerPage(c, site.notFound[language], 404, BY_READER)
      return c.text('Not found', 404)
    }
    // Sign-in as it first shows, on either tab (the landing's "Criar conta" links open the sign-up tab).
    // Any other query gives it another first look (a notice, an invite, a reset): the browser renders those alone.
    if (c.req.path === '/auth') {
      const search = new URL(c.req.url).search
      if (site.signIn && !search) return answerPage(c, site.signIn[language], 200, BY_READER)
      if (site.signUp && search === SIGN_UP_TAB) return answerPage(c, site.signUp[language], 200, BY_READER)
    }
    if (site.shell) return answerPage(c, site.shell[language], 200, BY_READER)
    if (!existsSync(indexFile)) return c.text('Web app not built: run npm run build', 503)
    return c.html(readFileSync(indexFile, 'utf8'))
  })
}

const isEnglishAddress = (path: string) => path === '/en' || path.startsWith('/en/')

/** A Portuguese page's English address (web/lib/site-language.ts, sitePath): '/faq' → '/en/faq', '/' → '/en'. */
const englishAddressOf = (path: string) => (path === '/' ? '/en' : `/en${path}`)

/**
 * An English address (/en/…) is English; a link that names its language (`?lang=en`, an e-mail's:
 * contract/language-link.ts) is in it; any other, the reader's (their saved choice, their browser's).
 */
function siteLanguageOfRequest(c: Context): Language {
  if (isEnglishAddress(c.req.path)) return 'en'
  return linkLanguageOf(new URL(c.req.url).search) ?? requestLanguage(c)
}

/** The web app alone, with the headers and compression the full app gives it. */
export function createWebApp(webRoot: string, options: WebAppOptions<Env>) {
  const app = new Hono()
  app.use('*', compress())
  app.use('*', securityHeaders())
  mountWebApp(app, webRoot, options)
  return app
}

type Fetch = (request: Request, bindings?: unknown) => Response | Promise<Response>

/** What the web app alone answers while the app loads: GET and HEAD outside /api and /dev. */
function servedBeforeTheApp(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !/^\/(api|dev)(\/|$)/.test(new URL(request.url).pathname)
}

/**
 * The server's handler from the moment it listens: until `ready` hands it the app, the web app's pages and
 * files are answered at once and every other request waits for the app; then the app answers everything.
 */
export function startingHandler(webApp: { fetch: Fetch }) {
  let app: { fetch: Fetch } | undefined
  let started: (app: { fetch: Fetch }) => void = () => {}
  const appReady = new Promise<{ fetch: Fetch }>((resolve) => {
    started = resolve
  })
  const fetch: Fetch = (request, bindings) => {
    if (app) return app.fetch(request, bindings)
    if (servedBeforeTheApp(request)) return webApp.fetch(request, bindings)
    return appReady.then((ready) => ready.fetch(request, bindings))
  }
  return {
    fetch,
    ready: (loaded: { fetch: Fetch }) => {
      app = loaded
      started(loaded)
    },
  }
}
