import { createBrowserRouter } from 'react-router'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { RouteError } from './route-error'

// The routes (docs/product-rules.md, "Screens"). Every screen is its own chunk, loaded when first visited.
// While the first screen's chunk loads, the root shows a spinner (React Router's hydrate fallback; without
// one it warns on every load).
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      { path: '/auth', lazy: () => import('./routes/auth') },
      { path: '/faq', lazy: () => import('./routes/faq') },
      { path: '/terms', lazy: () => import('./routes/terms') },
      { path: '/privacy', lazy: () => import('./routes/privacy') },
      { path: '/lgpd', lazy: () => import('./routes/lgpd') },
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
])
