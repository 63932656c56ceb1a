import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import { afterEach, vi } from 'vitest'
import { resetErrorDedupe } from '@web/lib/error-handler'
import { i18n, initI18n } from '@web/lib/i18n'

// Shared by every feature's component tests: render a screen with its providers, and play the API.

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  resetErrorDedupe()
})

/** Texts loaded up front, so nothing suspends while a test renders. */
export async function loadTexts(namespaces: string[], language: 'pt' | 'en' = 'pt') {
  if (!i18n.isInitialized) await initI18n(language)
  await i18n.changeLanguage(language)
  await i18n.loadNamespaces([...namespaces, 'common', 'errors'])
}

/**
 * Renders `ui` at `route`. By default queries never go stale (a test decides when data changes);
 * `live` keeps TanStack's defaults for screens that refetch on events. `toaster` mounts sonner.
 */
export function renderPage(
  ui: ReactElement,
  route = '/',
  options: { live?: boolean; toaster?: boolean } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, ...(options.live ? {} : { staleTime: Number.POSITIVE_INFINITY }) },
      mutations: { retry: false },
    },
  })
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {options.toaster && <Toaster />}
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}

export type ApiCall = { method: string; path: string; body: unknown }
type Reply = { status?: number; body?: unknown }

/** Stands in for the server: every request is recorded and answered by `reply` (undefined → 404). */
export function mockApi(reply: (call: ApiCall) => Reply | undefined) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: url.replace(/^\/api\/v1/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }
      calls.push(call)
      const answer = reply(call) ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Não encontrado.' } },
      }
      const status = answer.status ?? 200
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}
