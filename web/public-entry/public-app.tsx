import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { PublicGuildPage } from '@web/features/public-guild/components/public-guild-page'
import { createQueryClient } from '@web/lib/query-client'
import { useLocationHref } from './router'
import { Toasts } from './toasts'

/** The public entry's addresses (the app's router has the same two: web/app/router.tsx). */
export function parsePublicPath(path: string): { slug: string; playerId?: string } | null {
  const match = /^\/guilds\/([^/]+)(?:\/players\/([^/]+))?\/?$/.exec(path)
  if (!match) return null
  const decode = (part: string | undefined) => (part === undefined ? undefined : decodeURIComponent(part))
  return { slug: decode(match[1])!, playerId: decode(match[2]) }
}

export function PublicApp() {
  const [queryClient] = useState(createQueryClient)
  const href = useLocationHref()
  const route = parsePublicPath(href.split('?')[0]!)
  // Only the two public addresses are served this entry; anything else belongs to the app.
  if (!route) {
    window.location.assign(href)
    return null
  }
  return (
    <QueryClientProvider client={queryClient}>
      <PublicGuildPage key={route.slug} slug={route.slug} playerId={route.playerId} />
      <Toasts />
    </QueryClientProvider>
  )
}
