import { AsyncLocalStorage } from 'node:async_hooks'
import type { Query, QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { LANGUAGES, type Language } from '@contract/enums'
import { TRIAL_DAYS } from '@contract/plans'
import type { PublicGate, PublicQueue, PublicView } from '@contract/public'
import { App } from './app/app'
import { fillDocument, type PageMeta, withoutModulePreloads } from './app/document'
import { routePatterns, routes } from './app/routes'
import { type ServerData, serverDataScript } from './app/server-data'
import { publicGateQueryOptions } from './features/public-guild/api/get-public-gate'
import { publicQueueQueryOptions } from './features/public-guild/api/get-public-queue'
import { publicViewQueryOptions } from './features/public-guild/api/get-public-view'
import type { PageHead } from './hooks/use-page-title'
import type { Me } from '@contract/accounts'
import { setApiTransport } from './lib/api-client'
import { type ClassMerges, recordClassMerges } from './lib/cn'
import { setPageTimeZone } from './lib/format'
import { recordLazyParts } from './lib/lazy-part'
import { setRenderRequest } from './lib/render-request'
import { i18n, initServerI18n } from './lib/i18n'
import { createQueryClient } from './lib/query-client'
import { SITE_PAGES, sitePath } from './lib/site-language'

// The server's rendering of the web app, with React's own renderToString and the app's own route table
// and components (built by `vite build --ssr`, vite.config.ts). Two users: the build prerenders the public
// site's pages and the 404 page in both languages (prerenderSite); the server renders a public guild
// page's first answer from its cached view and queue (renderPublicGuildPage, server/modules/public).

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', {
  eager: true,
})
const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      Object.entries(localeFiles)
        .filter(([file]) => file.startsWith(`./locales/${language}/`))
        .map(([file, texts]) => [file.split('/').pop()!.replace('.json', ''), texts.default]),
    ),
  ]),
) as Record<Language, Record<string, Record<string, unknown>>>
initServerI18n(resources)

const handler = createStaticHandler(routes)

export { routePatterns }

type Rendered = {
  status: number
  html: string
  head: PageHead
  namespaces: string[]
  classes: ClassMerges
  lazyParts: string[]
}

/**
 * `path` as the browser's first render will show it, in `language` (and, for a dashboard page, on the
 * reader's clock), with `queryClient`'s data.
 */
async function render(
  path: string,
  language: Language,
  queryClient: QueryClient,
  reader?: Pick<DashboardPage, 'timeZone' | 'cookies' | 'origin'>,
): Promise<Rendered> {
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`${path}: the route answered with a redirect`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const head: PageHead = {}
  // Synchronous from here: the language is the global instance's (web/lib/i18n.ts), set for this render;
  // the namespaces its components ask for are counted afresh (react-i18next adds each one it sees).
  i18n.changeLanguage(language)
  if (reader) {
    setPageTimeZone(reader.timeZone)
    setRenderRequest(reader)
  }
  const report = i18n.reportNamespaces as { usedNamespaces?: Record<string, boolean> } | undefined
  if (report) report.usedNamespaces = {}
  const {
    result: { result: html, parts: lazyParts },
    merges: classes,
  } = recordClassMerges(() =>
    recordLazyParts(() =>
      renderToString(
        <App queryClient={queryClient} head={head}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>,
      ),
    ),
  )
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? []
  const status = context.matches.some((match) => match.route.path === '*') ? 404 : context.statusCode
  return { status, html, head, namespaces, classes, lazyParts }
}

/** What every drawn page hands the browser from its render (web/app/server-data.ts). */
function servedWith(rendered: Rendered): Pick<ServerData, 'namespaces' | 'classes' | 'lazyParts'> {
  const { namespaces, classes, lazyParts } = rendered
  return lazyParts.length > 0 ? { namespaces, classes, lazyParts } : { namespaces, classes }
}

export type PrerenderedPage = { file: string; status: number; html: string }

/**
 * The public site's pages (landing, FAQ, terms, privacy, LGPD), the sign-in page (on either tab) and the 404 page, in both
 * languages, as complete documents: `template` is the built index.html. Files are named by address (`en/faq.html`).
 */
export async function prerenderSite(template: string): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = []
  for (const language of LANGUAGES) {
    for (const page of SITE_PAGES) {
      const path = sitePath(page, language)
      const alternates = Object.fromEntries(
        LANGUAGES.map((l) => [l, sitePath(page, l)]),
      ) as PageMeta['alternates']
      pages.push(await prerender(template, path, language, { path, alternates }))
    }
    const prefix = language === 'en' ? 'en/' : ''
    const missing = await prerender(template, `/${prefix}404`, language, { noindex: true })
    pages.push({ ...missing, file: `${prefix}404.html` })
    // The sign-in page as it first shows (no notice, the sign-in tab): served for /auth without a query
    // (server/web-app.ts), in the reader's language. Its address is the same in both languages.
    const signIn = await prerender(template, '/auth', language, { path: '/auth' })
    pages.push({ ...signIn, file: `${prefix}sign-in.html` })
    // The same page on the sign-up tab, where the landing's "Criar conta" links go (/auth?tab=signup).
    const signUp = await prerender(template, '/auth?tab=signup', language, { path: '/auth' })
    pages.push({ ...signUp, file: `${prefix}sign-up.html` })
    // The page the browser renders alone (the dashboard, sign-in with a query): the product's name and
    // description.
    const shell = fillDocument(template, shellMeta(language))
    pages.push({ file: `${prefix}shell.html`, status: 200, html: shell })
  }
  return pages
}

/** The product's name and description: the head of a page only a signed-in reader sees. */
function shellMeta(language: Language): PageMeta {
  const landing = i18n.getFixedT(language, 'landing')
  return { language, title: 'LootQueue', description: landing('meta.description', { days: TRIAL_DAYS }) }
}

async function prerender(
  template: string,
  path: string,
  language: Language,
  meta: Pick<PageMeta, 'path' | 'alternates' | 'noindex'>,
): Promise<PrerenderedPage> {
  const rendered = await render(path, language, createQueryClient())
  const document = withoutModulePreloads(
    fillDocument(
      template,
      { ...pageMeta(rendered, language), ...meta },
      rendered.html,
      serverDataScript({ language, ...servedWith(rendered) }),
    ),
  )
  const file = `${path === '/' ? '/index' : path === '/en' ? '/en/index' : path}.html`.slice(1)
  return { file, status: rendered.status, html: document }
}

function pageMeta(rendered: Rendered, language: Language): PageMeta {
  const { title, description } = rendered.head
  if (!title || !description) throw new Error('a prerendered page must set its title and description')
  return { language, title, description }
}

export type PublicGuildData = {
  slug: string
  language: Language
  gate: PublicGate
  view: PublicView
  /** The queue of the item in the address (`?item=`), when it has one. */
  queue: PublicQueue | null
  /** When the data was read (ms, the server's clock): ServerData's `readAt`. */
  readAt: number
}

/**
 * A public guild page's first answer for a reader whose access cookie the server checked: the guild's items
 * and the chosen item's queue as HTML, and the same data for the browser's first render.
 */
export async function renderPublicGuildPage(template: string, data: PublicGuildData): Promise<string> {
  const { slug, language, gate, view, queue, readAt } = data
  const queryClient = createQueryClient()
  const queries: ServerData['queries'] = [
    [publicGateQueryOptions(slug).queryKey, gate],
    [publicViewQueryOptions(slug).queryKey, view],
  ]
  if (queue) queries.push([publicQueueQueryOptions(slug, queue.itemId).queryKey, queue])
  for (const [key, value] of queries) queryClient.setQueryData(key, value)
  const search = queue ? `?item=${encodeURIComponent(queue.itemId)}` : ''
  const rendered = await render(`/guilds/${encodeURIComponent(slug)}${search}`, language, queryClient)
  return withoutModulePreloads(
    fillDocument(
      template,
      publicGuildMeta(gate.name, language),
      rendered.html,
      serverDataScript({ language, ...servedWith(rendered), queries, readAt }),
    ),
  )
}

/**
 * A public guild link's preview (chat apps, search engines): the guild's name and "Loot queues", never the
 * queues or a player's name: the page is behind its password.
 */
export function publicGuildMeta(guildName: string | null, language: Language): PageMeta {
  const t = i18n.getFixedT(language, 'public')
  const title = `${guildName ?? t('notFound.title')} · LootQueue`
  return { language, title, description: t('preview.description'), noindex: true }
}

/**
 * A public guild page the browser renders alone (the password form, a player's page): its preview only.
 * `guildName` null: no such guild.
 */
export function publicGuildShell(template: string, guildName: string | null, language: Language): string {
  return fillDocument(template, publicGuildMeta(guildName, language))
}

/**
 * A public guild page while the database is out of reach: the guild is not known yet, so the page's own
 * title ("Filas da guild"); the browser renders the page alone, says the service is unavailable and tries
 * again by itself (server/modules/public/public-page.ts).
 */
export function publicGuildUnavailableShell(template: string, language: Language): string {
  const t = i18n.getFixedT(language, 'public')
  return fillDocument(template, {
    language,
    title: `${t('title')} · LootQueue`,
    description: t('preview.description'),
    noindex: true,
  })
}

/** The server's API answering one of the app's requests (`/api/v1/…`) as the reader's browser would ask it. */
export type ApiAnswer = (url: string, init: RequestInit) => Promise<Response>

// While a dashboard page renders, the app's API client asks the server's own API, in-process, with the
// reader's cookie: the render's answerer is found through the async context, so concurrent pages never
// answer each other's requests. On Node 20 a store that has run keeps async hooks on for the whole process,
// every promise of every request paying for them, so the store is switched off whenever no page is being
// rendered (as better-auth's are: server/auth/auth-calls.ts); the next page's `run` switches it on again.
const answerOfRender = new AsyncLocalStorage<ApiAnswer>()
let pagesUnderWay = 0
setApiTransport((url, init) => {
  const answer = answerOfRender.getStore()
  if (!answer) throw new Error(`${url}: asked outside a dashboard page's rendering`)
  return answer(url, init)
})

async function withAnswer<T>(answer: ApiAnswer, render: () => Promise<T>): Promise<T> {
  pagesUnderWay++
  try {
    return await answerOfRender.run(answer, render)
  } finally {
    // Synchronous from the check to disable(): no other page can start in between.
    if (--pagesUnderWay === 0) answerOfRender.disable()
  }
}

/**
 * Renders before a dashboard page gives up and leaves it to the browser: the session, the screen's reads,
 * what those open on, and a lazy part's module or two.
 */
const ROUNDS = 8
/** How long a render waits for a lazy part's module (a file of the build, on this machine) before the next. */
const LAZY_WAIT_MS = 5
/**
 * React's mark for a Suspense boundary renderToString left to the browser: a lazy part whose module was not
 * loaded yet, or a component that threw on the server.
 */
const LEFT_TO_THE_BROWSER = '<!--$!-->'
/** RouteError's mark (web/app/route-error.tsx): a component threw while the server rendered the page. */
const ROUTE_ERROR = 'data-route-error'

export type DashboardPage = {
  /** The address as asked, query included (`/dashboard/items?tab=queues`). */
  path: string
  /** The reader's language (cookie, browser), used until their profile says otherwise. */
  language: Language
  /** The reader's IANA zone (their `lq_tz` cookie): dates and "today" as their browser will show them. */
  timeZone: string
  /** The request's cookies, as the browser's components will read them (the sidebar's state). */
  cookies: string
  /** The page's origin as the reader's browser has it (links the page shows in full). */
  origin: string
  answer: ApiAnswer
  /** When its reads began (ms, the server's clock): ServerData's `readAt`. */
  readAt: number
}

/**
 * The page, or why the browser is left to draw it: a read refused (no session among them: the browser then goes
 * to sign-in) or failed, a component that threw on the server, or data still missing after every round.
 */
export type DashboardRender = { html: string } | { left: 'refused' | 'threw' | 'incomplete' }

/**
 * A dashboard page's first answer, as its screen first shows once its data has arrived, unless the page
 * cannot be drawn on the server (DashboardRender): the browser then renders it alone, as without this. The
 * data is found the way the browser finds it: each render asks for what it shows (the session first, then the
 * screen's reads, then what those open on), the server's API answers those reads, and the page is rendered
 * again, until a render asks for nothing new.
 */
export async function renderDashboardPage(template: string, page: DashboardPage): Promise<DashboardRender> {
  return withAnswer(page.answer, async () => {
    const queryClient = createQueryClient()
    // A refused read draws nothing here: the browser asks again and shows its own answer.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
    let language = page.language
    for (let round = 0; round < ROUNDS; round++) {
      const rendered = await render(page.path, language, queryClient, page)
      const asked = queryClient.getQueryCache().findAll({ predicate: unanswered })
      if (rendered.html.includes(ROUTE_ERROR)) return { left: 'threw' }
      const lazyPending = rendered.html.includes(LEFT_TO_THE_BROWSER)
      if (asked.length === 0 && !lazyPending)
        return { html: dashboardDocument(template, page, language, rendered, queryClient) }
      if (asked.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, LAZY_WAIT_MS))
        continue
      }
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)))
      if (
        queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length
      )
        return { left: 'refused' }
      // The profile's language wins, as the dashboard's shell applies it in the browser.
      language = queryClient.getQueryData<Me>(['me'])?.profile?.language ?? language
    }
    return { left: 'incomplete' }
  })
}

function dashboardDocument(
  template: string,
  page: DashboardPage,
  language: Language,
  rendered: Rendered,
  queryClient: QueryClient,
) {
  const queries: ServerData['queries'] = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => [query.queryKey, query.state.data])
  return withoutModulePreloads(
    fillDocument(
      template,
      { ...shellMeta(language), title: rendered.head.title ?? 'LootQueue' },
      rendered.html,
      serverDataScript({
        language,
        ...servedWith(rendered),
        queries,
        timeZone: page.timeZone,
        readAt: page.readAt,
      }),
    ),
  )
}

/** A query a render asked for that has no answer yet (and that its component has not held back). */
function unanswered(query: Query): boolean {
  // A query keeps the options its first reader built it with, `enabled` among them (not in their type: it is
  // the reader's, and a server render has no subscribed reader to ask).
  return query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false
}
