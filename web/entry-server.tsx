import type { QueryClient } from '@tanstack/react-query'
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
import { type ClassMerges, recordClassMerges } from './lib/cn'
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
}

/** `path` as the browser's first render will show it, in `language`, with `queryClient`'s data. */
async function render(path: string, language: Language, queryClient: QueryClient): Promise<Rendered> {
  const context = await handler.query(new Request(`http://localhost${path}`))
  if (context instanceof Response) throw new Error(`${path}: the route answered with a redirect`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const head: PageHead = {}
  // Synchronous from here: the language is the global instance's (web/lib/i18n.ts), set for this render;
  // the namespaces its components ask for are counted afresh (react-i18next adds each one it sees).
  i18n.changeLanguage(language)
  const report = i18n.reportNamespaces as { usedNamespaces?: Record<string, boolean> } | undefined
  if (report) report.usedNamespaces = {}
  const { result: html, merges: classes } = recordClassMerges(() =>
    renderToString(
      <App queryClient={queryClient} head={head}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
    ),
  )
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? []
  const status = context.matches.some((match) => match.route.path === '*') ? 404 : context.statusCode
  return { status, html, head, namespaces, classes }
}

export type PrerenderedPage = { file: string; status: number; html: string }

/**
 * The public site's pages (landing, FAQ, terms, privacy, LGPD), the sign-in page and the 404 page, in both
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
    // The page the browser renders alone (the dashboard, sign-in with a query): the product's name and
    // description.
    const landing = i18n.getFixedT(language, 'landing')
    const shell = fillDocument(template, {
      language,
      title: 'LootQueue',
      description: landing('meta.description', { days: TRIAL_DAYS }),
    })
    pages.push({ file: `${prefix}shell.html`, status: 200, html: shell })
  }
  return pages
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
      serverDataScript({ language, namespaces: rendered.namespaces, classes: rendered.classes }),
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
}

/**
 * A public guild page's first answer for a reader whose access cookie the server checked: the guild's items
 * and the chosen item's queue as HTML, and the same data for the browser's first render.
 */
export async function renderPublicGuildPage(template: string, data: PublicGuildData): Promise<string> {
  const { slug, language, gate, view, queue } = data
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
      serverDataScript({ language, namespaces: rendered.namespaces, queries, classes: rendered.classes }),
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
