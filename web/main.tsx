import './lib/zod-config'
import { DEFAULT_LANGUAGE } from '@contract/enums'
import type { QueryClient } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { App } from './app/app'
import { resolveLazyRoutes, routes } from './app/routes'
import { readServerData, seedFromServer } from './app/server-data'
import { i18n, initI18n } from './lib/i18n'
import { preloadLazyParts } from './lib/lazy-part'
import { createQueryClient } from './lib/query-client'
import { documentLanguage, storedLanguage, takeLinkLanguage } from './lib/language'
import { prefetchSessionFor } from './lib/session'
import { siteLanguageOf } from './lib/site-language'
import './app/styles.css'

// A page the server rendered (the prerendered site pages and sign-in, the public guild page, the dashboard:
// web/entry-server.tsx) is hydrated: its route's chunk and the parts it was drawn with (web/lib/lazy-part.tsx),
// its texts and its data are in place first, so the first render in the browser is the server's HTML and
// nothing flashes. A page the server left to the browser renders from scratch.
async function start() {
  const container = document.getElementById('root')!
  const served = readServerData()
  // The language the address asks for: a page of the site's (its address's, shown, never kept: only the language
  // menu keeps one), or a link's that names one, as an e-mail's do (kept: the language of the reader's account).
  // A page the server rendered is in the language it was rendered in.
  const linked = takeLinkLanguage()
  const asked = siteLanguageOf(window.location.pathname) ?? linked
  // Otherwise the visitor's choice, or the language the server answered this page in (the browser's).
  const language = served?.language ?? asked ?? storedLanguage() ?? documentLanguage() ?? DEFAULT_LANGUAGE
  const queryClient = createQueryClient()
  const texts = initI18n(language, { remember: linked !== null && language === linked })
  if (!served) {
    prefetchSessionFor(queryClient, window.location.pathname)
    renderFresh(container, queryClient, createBrowserRouter(routes))
    return
  }
  const hydrate = seedFromServer(queryClient, served)
  await Promise.all([
    resolveLazyRoutes(matchRoutes(routes, window.location) ?? []).then(() =>
      preloadLazyParts(served.lazyParts ?? []),
    ),
    texts.then(() => i18n.loadNamespaces(served.namespaces)),
  ])
  const router = createBrowserRouter(routes)
  if (!hydrate) {
    // A dashboard page drawn in the zone the browser had before (its cookie): drawn again in the machine's, once,
    // with its data, texts and chunks already in place (web/lib/format.ts, adoptServerTimeZone).
    renderFresh(container, queryClient, router)
    return
  }
  // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between them,
  // instead of in one task as long as the page is large (a public queue's rows on a phone's CPU;
  // docs/decisions/014-server-rendering.md, "Smaller first loads"). The server's HTML stays on screen meanwhile.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App queryClient={queryClient}>
          <RouterProvider router={router} />
        </App>
      </StrictMode>,
      // A page that differs from the server's is rendered again from scratch: said on the console, where the
      // journeys look (they fail on console errors).
      { onRecoverableError: (error) => console.error('Hydration:', error) },
    )
  })
}
// In a task of its own: evaluating the app's modules (React DOM's, the router's, i18next's set-up) is already one
// long task on a phone's CPU; the page's start (its data, texts and routes) no longer lengthens it.
setTimeout(() => void start())

/** The app drawn from scratch, without the server's HTML (none came, or it is in another zone's times). */
function renderFresh(
  container: HTMLElement,
  queryClient: QueryClient,
  router: ReturnType<typeof createBrowserRouter>,
) {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>,
  )
}
