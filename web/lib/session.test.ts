import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterSignIn, prefetchSessionFor, signInFor } from './session'

// The dashboard's first load asks for the session as the app starts (issue 45), and only the dashboard.

afterEach(() => vi.unstubAllGlobals())

async function requestsFor(pathname: string) {
  const urls: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url)
    return Response.json({ user: { id: 'u1' } })
  })
  const queryClient = new QueryClient()
  prefetchSessionFor(queryClient, pathname)
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
  return { urls, cached: queryClient.getQueryData(['me']) }
}

it('asks for the session at once on a dashboard address, and keeps the answer for the screen', async () => {
  for (const pathname of ['/dashboard', '/dashboard/items', '/dashboard/players/p1']) {
    const { urls, cached } = await requestsFor(pathname)
    expect(urls).toEqual(['/api/v1/me'])
    expect(cached).toEqual({ user: { id: 'u1' } })
  }
})

it('asks nothing on the site, sign-in or a public page', async () => {
  for (const pathname of ['/', '/faq', '/auth', '/guilds/raid', '/dashboards']) {
    expect((await requestsFor(pathname)).urls).toEqual([])
  }
})

describe('the address a sign-in goes back to', () => {
  const landing = (search: string) => afterSignIn(new URLSearchParams(search))
  it('is the dashboard address it was asked from, and the dashboard otherwise', () => {
    expect(landing(`next=${encodeURIComponent('/dashboard/history?search=Espada')}`)).toBe(
      '/dashboard/history?search=Espada',
    )
    expect(landing('next=/dashboard')).toBe('/dashboard')
    expect(landing('')).toBe('/dashboard')
    expect(signInFor('/dashboard/events')).toBe('/auth?next=%2Fdashboard%2Fevents')
    expect(signInFor('/dashboard')).toBe('/auth')
  })

  it('is never another site or another part of this one', () => {
    for (const next of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/dashboardx',
      '/auth',
      '/\\evil',
    ])
      expect(landing(`next=${encodeURIComponent(next)}`), next).toBe('/dashboard')
  })
})
