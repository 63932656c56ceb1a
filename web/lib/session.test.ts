import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { prefetchSessionFor } from './session'

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
