import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import { afterEach, vi } from 'vitest'
import { resetErrorDedupe } from '@web/lib/error-handler'
import { i18n, initI18n } from '@web/lib/i18n'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup()
  resetErrorDedupe()
})

export async function loadTexts(language: 'pt' | 'en' = 'pt') {
  if (!i18n.isInitialized) await initI18n(language)
  await i18n.changeLanguage(language)
  await i18n.loadNamespaces(['public', 'common', 'errors'])
}

export function renderPage(ui: ReactElement, route = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
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
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/** The browser's EventSource, played by the test. */
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static all: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  onerror: (() => void) | null = null
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.all.push(this)
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  emit(type: string, data: unknown = {}) {
    this.readyState = FakeEventSource.OPEN
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
}
