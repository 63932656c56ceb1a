import { useQueryClient } from '@tanstack/react-query'
import { SkipLinks } from '@web/components/layout/skip-link'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router'
import type { Me } from '@contract/accounts'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { useHydrated } from '@web/hooks/use-hydrated'
import { ApiError, NetworkError } from '@web/lib/api-client'
import { errorMessage } from '@web/lib/error-handler'
import { rememberTimeZone } from '@web/lib/format'
import { currentLanguage, setLanguage } from '@web/lib/i18n'
import { RECONNECT_DELAYS_MS, useGuildEvents } from '@web/lib/realtime'
import {
  forgetEndedSession,
  isDeactivatedError,
  isSignedOutError,
  sessionEndOf,
  signInFor,
  useMe,
  useSessionEnding,
} from '@web/lib/session'
import { AccessDenied } from './access-denied'
import { PastDueAlert } from './past-due-alert'
import { Sidebar } from './sidebar'
import { SidebarProvider } from './sidebar-context'
import { SubscriptionDialog } from './subscription-dialog'
import { TopBar } from './top-bar'
import { useSessionWatch } from './use-session-watch'

const MAIN_ID = 'main-content'

/** The guard of every /dashboard route (docs/product-rules.md, "Screens", dashboard shell). */
export function DashboardShell() {
  const me = useMe()
  const location = useLocation()
  const queryClient = useQueryClient()
  // Signed out or deleted from here: what the dashboard read goes once it has unmounted.
  useEffect(() => () => forgetEndedSession(queryClient), [queryClient])
  if (me.isPending) return <FullPageSpinner />
  if (me.error) {
    // A link opened signed out (a shared history search, a payment's return) is where the sign-in goes back.
    // A session that ended under a reload says why there (contract/session-end.ts).
    if (isSignedOutError(me.error))
      return <Navigate to={signInFor(location.pathname + location.search, sessionEndOf(me.error))} replace />
    if (isDeactivatedError(me.error)) return <AccessDenied />
    return <AccountLoadError error={me.error} retry={() => void me.refetch()} />
  }
  return <SignedInShell me={me.data} />
}

/** How often the account is asked for again while the server or the network is away: as a live stream retries. */
export const LOAD_RETRY_MS = RECONNECT_DELAYS_MS.at(-1)!

/**
 * The account could not be read. When the server or its database is away for a moment (5xx, no network), the
 * page asks again by itself every few seconds, as an open public page does, and shows the dashboard once it
 * answers; the button asks at once.
 */
function AccountLoadError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation('dashboard')
  const passing = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)
  const retryRef = useRef(retry)
  retryRef.current = retry
  useEffect(() => {
    if (!passing) return
    const timer = setInterval(() => retryRef.current(), LOAD_RETRY_MS)
    return () => clearInterval(timer)
  }, [passing])
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col justify-center gap-4 p-6">
      <Alert variant="destructive">
        <AlertTitle>{t('loadError')}</AlertTitle>
        <AlertDescription>{errorMessage(error)}</AlertDescription>
      </Alert>
      <Button onClick={retry}>{t('retry')}</Button>
    </main>
  )
}

function SignedInShell({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const hydrated = useHydrated()
  useSessionWatch()
  useProfileLanguage(me)
  // The reader's zone, for the server's rendering of their next dashboard page (web/lib/format.ts).
  useEffect(() => {
    window.addEventListener('pagehide', rememberTimeZone)
    return () => window.removeEventListener('pagehide', rememberTimeZone)
  }, [])
  // Live updates for every open screen; a revoked session hears about it here too.
  const ending = useSessionEnding()
  useGuildEvents(Boolean(me.guild) && !ending)
  return (
    <SidebarProvider>
      <SkipLinks target={MAIN_ID} label={t('skipToContent')}>
        {/* A page the server drew is inert until hydrated: a click or a keystroke before the app runs would be
          lost, or a control's state changed under React (docs/decisions/014-server-rendering.md). */}
        <div className="flex min-h-svh w-full" inert={!hydrated}>
          <Sidebar
            proAllowed={Boolean(me.subscription?.allowed)}
            isAdmin={me.profile?.role === 'guild_admin'}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <TopBar me={me} />
            <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
              {!me.guild && (
                <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:px-6 md:pt-6">
                  <Alert variant="warning">
                    <AlertTitle>{t('noGuild.title')}</AlertTitle>
                    <AlertDescription>{t('noGuild.description')}</AlertDescription>
                  </Alert>
                </div>
              )}
              <PastDueAlert me={me} />
              <Outlet />
            </main>
          </div>
        </div>
      </SkipLinks>
      <SubscriptionDialog me={me} />
      <ScrollRestoration />
    </SidebarProvider>
  )
}

/** The profile's language wins once per sign-in, so a new device opens in the user's language. */
function useProfileLanguage(me: Me) {
  const applied = useRef(false)
  useEffect(() => {
    if (applied.current) return
    applied.current = true
    const language = me.profile?.language
    if (language && language !== currentLanguage()) void setLanguage(language)
  }, [me])
}
