import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import { afterEach, vi } from 'vitest'
import { TooltipProvider } from '@web/components/ui/tooltip'
import { resetErrorDedupe } from '@web/lib/error-handler'
import { setPageTimeZone } from '@web/lib/format'
import { i18n, initI18n } from '@web/lib/i18n'
import { localeFileResponse } from './locale-files'

// Shared by every web test: render a screen with its providers, and play the API. Data comes from
// ./factories.ts, live events from ./fake-event-source.ts.

// jsdom lacks what Radix Select calls: scrollIntoView on the chosen option, pointer capture while opening.
Element.prototype.scrollIntoView ??= () => {}
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}

// Every test starts afresh: unmounted (vitest runs without globals, so Testing Library cannot register its
// own cleanup), no error toast held back as a repeat, fetch and the other stubbed globals back, and no mock
// (a file's mocked sonner toasts, say) remembering the last test's calls.
afterEach(() => {
  cleanup()
  resetErrorDedupe()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
  if (readerMoved) setPageTimeZone(MACHINE_ZONE)
  readerMoved = false
})

const MACHINE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone
let readerMoved = false

/**
 * The reader's browser on `zone`'s clock until the test ends (web/lib/format.ts, browserTimeZone), whatever
 * the machine running the tests is on: a raid night's times say the guild's zone only to a reader on another.
 */
export function readerOn(zone: string) {
  setPageTimeZone(zone)
  readerMoved = true
}

/** Texts loaded up front, so nothing suspends while a test renders. */
export async function loadTexts(namespaces: string[], language: 'pt' | 'en' = 'pt') {
  if (!i18n.isInitialized) await initI18n(language)
  await i18n.changeLanguage(language)
  await i18n.loadNamespaces([...namespaces, 'common', 'errors'])
}

type RenderOptions = { live?: boolean; toaster?: boolean }

/**
 * Renders `routes` in a memory router at `initial`. By default queries never go stale (a test decides when
 * data changes); `live` keeps TanStack's defaults for screens that refetch on events. `toaster` mounts sonner.
 */
export function renderRoutes(routes: RouteObject[], initial = '/', options: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, ...(options.live ? {} : { staleTime: Number.POSITIVE_INFINITY }) },
      mutations: { retry: false },
    },
  })
  const router = createMemoryRouter(routes, { initialEntries: [initial] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
      {options.toaster && <Toaster />}
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}

/** Renders one screen `ui` at `route` (see renderRoutes for the options). */
export function renderPage(ui: ReactElement, route = '/', options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], route, options)
}

/** jsdom has no matchMedia; `mobile` decides what the 768 px query answers. */
export function stubViewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

/** A request the screen made; `keepalive` only when it was sent to outlive the page. */
export type ApiCall = { method: string; path: string; body: unknown; keepalive?: true }
export type Reply = { status?: number; body?: unknown }

/** Stands in for the server: every request is recorded and answered by `reply` (undefined → 404). */
export function mockApi(reply: (call: ApiCall) => Reply | undefined) {
  return stubFetch(reply, { keepPrefix: false })
}

/** mockApi for tests that name paths with their /api/v1 prefix; an empty reply body is JSON null. */
export function mockFetch(reply: (call: ApiCall) => Reply | undefined) {
  return stubFetch(reply, { keepPrefix: true })
}

function stubFetch(reply: (call: ApiCall) => Reply | undefined, { keepPrefix }: { keepPrefix: boolean }) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const texts = localeFileResponse(url)
      if (texts) return texts
      const call = {
        method: init?.method ?? 'GET',
        path: keepPrefix ? url : url.replace(/^\/api\/v1/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        ...(init?.keepalive ? { keepalive: true as const } : {}),
      }
      calls.push(call)
      const answer = reply(call) ?? apiError(404, 'NOT_FOUND')
      const status = answer.status ?? 200
      const body = answer.body ?? (keepPrefix ? null : {})
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/** The server's error answer for `code`. */
export const apiError = (status: number, code: string): Reply => ({
  status,
  body: { error: { code, message: code } },
})

/** What a control is described by (its aria-describedby elements' text, in order), as a screen reader says it. */
export const describedAs = (control: Element) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()
