import type { RouteObject } from 'react-router'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { RouteError } from './route-error'
import { RouteFocus } from './route-focus'

// The route table (docs/product-rules.md, "Screens"), shared by the browser's router (web/main.tsx), the
// server rendering (web/entry-server.tsx: the prerendered pages, the public guild page) and the server's
// 404s (the table's paths are written to the build, server/web-app.ts). Every screen is its own chunk,
// loaded when first visited. While the first screen's chunk loads, the root shows a spinner (React Router's
// hydrate fallback; without one it warns on every load).

/** The public site's pages: prerendered in both languages, English under /en (web/lib/site-language.ts). */
const site = (prefix: '' | '/en'): RouteObject[] => [
  { path: prefix || '/', lazy: () => import('./routes/landing') },
  { path: `${prefix}/faq`, lazy: () => import('./routes/faq') },
  { path: `${prefix}/terms`, lazy: () => import('./routes/terms') },
  { path: `${prefix}/privacy`, lazy: () => import('./routes/privacy') },
  { path: `${prefix}/lgpd`, lazy: () => import('./routes/lgpd') },
]

export const routes: RouteObject[] = [
  {
    // Focus goes to the new page's start after a change of page (route-focus.tsx).
    element: <RouteFocus />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      ...site(''),
      ...site('/en'),
      { path: '/auth', lazy: () => import('./routes/auth') },
      { path: '/guilds/:slug', lazy: () => import('./routes/public-guild') },
      { path: '/guilds/:slug/players/:playerId', lazy: () => import('./routes/public-player') },
      { path: '/billing/sandbox/:id', lazy: () => import('./routes/billing-sandbox') },
      {
        path: '/dashboard',
        lazy: () => import('./routes/dashboard-layout'),
        children: [
          { index: true, lazy: () => import('./routes/dashboard-overview') },
          { path: 'guild', lazy: () => import('./routes/dashboard-guild') },
          { path: 'users', lazy: () => import('./routes/dashboard-users') },
          { path: 'players', lazy: () => import('./routes/dashboard-players') },
          { path: 'players/:id', lazy: () => import('./routes/dashboard-player') },
          { path: 'items', lazy: () => import('./routes/dashboard-items') },
          { path: 'events', lazy: () => import('./routes/dashboard-events') },
          { path: 'events/:id', lazy: () => import('./routes/dashboard-event') },
          { path: 'history', lazy: () => import('./routes/dashboard-history') },
          { path: 'subscription', lazy: () => import('./routes/dashboard-subscription') },
          { path: 'profile', lazy: () => import('./routes/dashboard-profile') },
          { path: 'settings', lazy: () => import('./routes/dashboard-settings') },
          { path: 'faq', lazy: () => import('./routes/dashboard-faq') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]

/**
 * Every path pattern of the table, children joined to their parents ('/dashboard/players/:id'), the
 * catch-all left out: what the server answers 200 for (anything else is a 404).
 */
export function routePatterns(table: RouteObject[] = routes, parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return []
    const own = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`
    const mine = route.index || (route.path !== undefined && !route.children) ? [own] : []
    return [...mine, ...routePatterns(route.children ?? [], own)]
  })
}

/** Loads the lazy routes `path` matches, in place, so the router starts without a fallback (hydration). */
export async function resolveLazyRoutes(matched: { route: RouteObject }[]) {
  await Promise.all(
    matched.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
}
