import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, vi } from 'vitest'
import type { Me } from '@contract/accounts'
import { TooltipProvider } from '@web/components/ui/tooltip'
import { i18n, initI18n } from '@web/lib/i18n'

// Test helpers for the shell and the account screens (jsdom): texts, a fake server, a router.

afterEach(() => cleanup())

export async function loadTexts(namespaces: string[], language: 'pt' | 'en' = 'pt') {
  if (!i18n.isInitialized) await initI18n(language)
  await i18n.changeLanguage(language)
  await i18n.loadNamespaces([...namespaces, 'common', 'errors'])
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

export type ApiCall = { method: string; path: string; body: unknown }
export type Reply = { status?: number; body?: unknown }

/** Every request is recorded and answered by `reply` (undefined → 404). Paths keep their /api/v1 prefix. */
export function mockFetch(reply: (call: ApiCall) => Reply | undefined) {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }
      calls.push(call)
      const answer = reply(call) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } }
      const status = answer.status ?? 200
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

export const apiError = (status: number, code: string): Reply => ({
  status,
  body: { error: { code, message: code } },
})

export function me(
  overrides: Partial<Me> = {},
  subscription: Partial<NonNullable<Me['subscription']>> = {},
): Me {
  return {
    user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima' },
    profile: {
      id: '00000000-0000-4000-8000-000000000011',
      displayName: 'Ana Lima',
      gameCharacterName: null,
      role: 'guild_admin',
      isActive: true,
      language: 'pt',
      notifications: { email: true, events: true, loot: true },
      createdAt: '2025-01-10T12:00:00.000Z',
    },
    guild: {
      id: '00000000-0000-4000-8000-000000000021',
      name: 'Cavaleiros',
      slug: 'cavaleiros',
      subscriptionStatus: 'trialing',
      createdAt: '2025-01-10T12:00:00.000Z',
    },
    subscription: {
      status: 'trialing',
      isTrialing: true,
      isExpired: false,
      allowed: true,
      daysRemaining: 2,
      trialEndsAt: '2025-01-13T12:00:00.000Z',
      ...subscription,
    },
    ...overrides,
  }
}

/** Renders `routes` in a memory router with a fresh query client. */
export function renderRoutes(routes: RouteObject[], initial: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [initial] })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}

export function renderAt(ui: ReactElement, initial = '/') {
  return renderRoutes([{ path: '*', element: ui }], initial)
}
