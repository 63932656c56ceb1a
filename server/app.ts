import { join, resolve } from 'node:path'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { routePath } from 'hono/route'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import type { AppEnv } from './app-context'
import type { Deps } from './deps'
import { mountAuthRoutes } from './auth/auth-handler'
import { apiFraming } from './lib/api-framing'
import { trustedProxies } from './lib/client-ip'
import { apiReferenceCsp, apiResponseHeaders } from './lib/content-security-policy'
import { originCheck, trustedOrigins } from './lib/origin-check'
import { pathGuard } from './lib/path-guard'
import { type RequestLine, requestIdOf, requestLogger } from './lib/request-log'
import { loadSession } from './auth/guards'
import { errorBody, handleError } from './lib/error-handler'
import { requestLanguage } from './lib/i18n'
import { createRouter, openApiDocument } from './lib/router'
import { documentAuthRoutes } from './auth/auth.openapi'
import { devRouter } from './modules/dev/dev.routes'
import { readsBeforeRouter } from './lib/reads-before-router'
import { publicReadsBeforeRouter } from './modules/public/public-cached-read'
import { publicGuildPage } from './modules/public/public-page'
import { builtRenderer, type PageRenderer } from './lib/page-renderer'
import { dashboardPage } from './dashboard-page'
import { queueReadsBeforeRouter } from './modules/queue-reads/queue-reads.routes'
import { apiReferenceHtml } from './modules/health/api-reference'
import { moduleRouters } from './routes'
import { requestObserver, routeTemplates } from './platform/metrics/http-metrics'
import { metricsHandler } from './platform/metrics/metrics-endpoint'
import { apiSecurityHeaders, mountWebApp, securityHeaders } from './web-app'

export type AppOptions = {
  deps: Deps
  webRoot?: string
  /** The web app's server rendering: the build's (dist/web-ssr) unless a test hands its source. */
  pageRenderer?: () => Promise<PageRenderer>
}

const API_PATH = /^\/api(\/|$)/

export function createApp({ deps, webRoot = resolve('dist/web'), pageRenderer }: AppOptions) {
  // A bad TRUSTED_PROXIES or TRUSTED_ORIGINS stops the start instead of failing requests later.
  trustedProxies(deps.env.TRUSTED_PROXIES)
  trustedOrigins(deps.env.TRUSTED_ORIGINS)
  // One regular expression per method matches every route. Hono's default falls back, silently, to a
  // route-by-route trie when one path cannot join it (a fixed segment beside a parameter, such as
  // /items/summary beside /items/{id}/queue): that made each API request's routing ~25 % of its cost in
  // the app (issue 13). Chosen explicitly, such a route stops createApp, so every test and start.
  const app = new Hono<AppEnv>({ router: new RegExpRouter() })

  const logRequest = requestLogger(deps.logger)
  const observeRequest = requestObserver(deps.metrics)
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    c.set('lang', requestLanguage(c))
    c.set('requestId', requestIdOf(c.req.raw))
    const started = performance.now()
    c.set('arrivedAt', started)
    await next()
    const { method, path } = c.req
    const status = c.res.status
    // One clock read for both (a read of the clock is not free on every machine).
    const ended = performance.now()
    logRequest({ requestId: c.get('requestId'), method, path, status, started, ended })
    // The template of the route that answered (routeIndex stays on it once the chain has run).
    observeRequest(method, routePath(c), status, (ended - started) / 1000)
  })
  const pageSecurity = securityHeaders()
  const apiSecurity = apiSecurityHeaders()
  // gzip for JSON, HTML, JS and CSS (hono skips text/event-stream): the app's JavaScript is ~3× smaller on the wire.
  app.use('*', compress())
  app.use('*', (c, next) => (API_PATH.test(c.req.path) ? apiSecurity : pageSecurity)(c, next))
  app.onError(handleError)
  // Before every /api route, better-auth's included: headers on every answer, then hostile paths and the
  // cross-site check (docs/decisions/004-request-hardening.md).
  app.use('/api/*', apiResponseHeaders)
  app.use('/api/*', apiFraming)
  app.use('/api/*', pathGuard)
  app.use('/api/*', originCheck)

  // better-auth's routes that the product uses (the rest answer 404 as any unknown path).
  mountAuthRoutes(app, deps.auth)

  const api = createRouter()
  api.use('*', loadSession)
  for (const router of moduleRouters) api.route('/', router)
  // better-auth's routes that the web app calls, described beside ours (it serves them itself, above).
  documentAuthRoutes(api.openAPIRegistry)
  // Made once, on the first request: every route is declared by then.
  let document: ReturnType<typeof openApiDocument> | undefined
  api.get('/openapi.json', (c) => {
    document ??= openApiDocument(api, {
      openapi: '3.1.0',
      info: { title: 'LootQueue API', version: '1' },
      servers: [{ url: '/api/v1' }],
    })
    return c.json(document)
  })
  api.get('/docs', (c) => {
    const html = apiReferenceHtml('/api/v1/openapi.json')
    c.header('Content-Security-Policy', apiReferenceCsp(html))
    return c.html(html)
  })
  app.route('/api/v1', api)
  app.all('/api/*', (c) => c.json(errorBody(c, 'NOT_FOUND'), 404))

  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devRouter)

  // Metrics on the app's port only behind a bearer token (docs/decisions/017-running-as-a-service.md);
  // METRICS_PORT serves them apart (server/main.ts).
  if (deps.env.METRICS_TOKEN) {
    const serveMetrics = metricsHandler(deps.metrics, deps.env.METRICS_TOKEN)
    app.get('/metrics', (c) => serveMetrics(c.req.raw))
  }

  const renderer = pageRenderer ?? builtRenderer(webRoot)
  const templateFile = join(webRoot, 'index.html')
  mountWebApp(app, webRoot, {
    origin: deps.env.APP_URL,
    publicGuildPage: publicGuildPage(deps, { templateFile, renderer }),
    // The dashboard's reads are this app's own API, asked in-process with the page's request's cookie and
    // socket (so its limits and logs see the same client).
    dashboardPage: dashboardPage(deps, {
      templateFile,
      renderer,
      api: async (request, c) => app.fetch(request, c.env),
    }),
  })

  // A read already cached (the public view and queues, a dashboard's queue) is answered before Hono routes
  // it, with the same headers and log line (server/lib/reads-before-router.ts). Every other request is routed.
  const templateOf = routeTemplates(app as unknown as Hono<never>)
  const answeredFromCache = (line: RequestLine) => {
    const ended = performance.now()
    line.ended = ended
    logRequest(line)
    deps.metrics.countHitBeforeRouter()
    observeRequest(
      line.method,
      templateOf(line.method, line.path),
      line.status,
      (ended - line.started) / 1000,
    )
  }
  const cachedRead = readsBeforeRouter(deps, apiSecurity, answeredFromCache, [
    publicReadsBeforeRouter(deps),
    queueReadsBeforeRouter(deps),
  ])
  const routed = app.fetch
  app.fetch = (request, env, executionCtx) => {
    const cached = cachedRead(request)
    if (cached instanceof Promise) return cached.then((res) => res ?? routed(request, env, executionCtx))
    return cached ?? routed(request, env, executionCtx)
  }
  return app
}

export type App = ReturnType<typeof createApp>
