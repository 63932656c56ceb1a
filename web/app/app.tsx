import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode, useEffect, useState } from 'react'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { PageHeadProvider, type PageHead } from '@web/hooks/use-page-title'

// The toaster is not part of any first paint: it mounts after the page is up (hydrated or rendered), in its
// own chunk, so neither the server's HTML nor the first load carries it. A toast raised before it mounts
// waits in sonner's store and shows once it does.
const AppToaster = lazy(() => import('@web/components/app-toaster').then((m) => ({ default: m.AppToaster })))

function LateToaster() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null
}

/**
 * Says the page answers clicks from now on (journeys wait for it): rendered inside the page's Suspense boundary,
 * whose content React hydrates in a pass after the providers', so its effect runs once the page itself has.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = ''
  }, [])
  return null
}

/**
 * The providers around the router, in the browser (web/main.tsx) and on the server (web/entry-server.tsx):
 * the same tree on both sides, so the browser hydrates the server's HTML. `head` collects the page's title
 * and description while the server renders.
 */
export function App(props: { queryClient: QueryClient; children: ReactNode; head?: PageHead }) {
  return (
    <PageHeadProvider value={props.head}>
      <QueryClientProvider client={props.queryClient}>
        {/* Before the page, not after it: sonner sends focus back to where it came from as Tab leaves its toasts.
            Reached after the page's last control, a toast bounced focus back to that control, and the header
            could not be reached by Tab until it was gone (an outside test on the public page, 2026-12-06). Here
            Tab meets it before the skip link, and leaves it forward to the page. */}
        <LateToaster />
        <Suspense fallback={<FullPageSpinner />}>
          {props.children}
          <PageReady />
        </Suspense>
      </QueryClientProvider>
    </PageHeadProvider>
  )
}
