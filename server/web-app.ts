import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { type Env, Hono } from 'hono'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import { webAppCsp } from './lib/content-security-policy'

// The built web app: its files, its pages with their CSP, and the history fallback for client routes.
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

/** /guilds/:slug and /guilds/:slug/players/:playerId, as web/public-entry/public-app.tsx reads them. */
const PUBLIC_PAGE = /^\/guilds\/[^/]+(?:\/players\/[^/]+)?\/?$/

/** Registers the web app on `app`, after its API routes: the fallback answers every other GET. */
export function mountWebApp<E extends Env>(app: Hono<E>, webRoot: string) {
  const indexFile = join(webRoot, 'index.html')
  // The web app's pages get a strict CSP. Registered after the API and /dev routes, so it never reaches
  // the API reference or the outbox, which are not the web app.
  const csp = existsSync(indexFile) ? webAppCsp(readFileSync(indexFile, 'utf8')) : null
  if (csp) {
    app.use('*', async (c, next) => {
      await next()
      if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('Content-Security-Policy', csp)
    })
  }
  if (existsSync(webRoot)) {
    // Vite names assets by content hash: they never change, so browsers may keep them for a year. Set on
    // the answer once made (serveStatic's onFound runs after its answer is built, so a header set there is
    // lost unless an earlier middleware happened to read the response first).
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: webRoot }))
    // An asset that is not there (an old hash after an update) is a 404, never the page cached for a year.
    app.get('/assets/*', (c) => c.notFound())
  }
  // The public pages have an entry of their own, built beside the app (docs/decisions/013-public-page-entry.md).
  const publicFile = join(webRoot, 'guild.html')
  app.get('*', (c) => {
    if (PUBLIC_PAGE.test(c.req.path) && existsSync(publicFile))
      return c.html(readFileSync(publicFile, 'utf8'))
    if (!existsSync(indexFile)) return c.text('Web app not built: run npm run build', 503)
    return c.html(readFileSync(indexFile, 'utf8'))
  })
}

/** The web app alone, with the headers and compression the full app gives it. */
export function createWebApp(webRoot: string) {
  const app = new Hono()
  app.use('*', compress())
  app.use('*', securityHeaders())
  mountWebApp(app, webRoot)
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
