import { SearchX } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MessageCard, messageTexts } from '@web/components/layout/message-card'
import { SkipLink } from '@web/components/layout/skip-link'
import { Button } from '@web/components/ui/button'
import { Spinner } from '@web/components/ui/spinner'
import { errorCode } from '@web/lib/api-client'
import { focusPageStart } from '@web/lib/focus-place'
import { usePageTitle } from '@web/hooks/use-page-title'
import { usePublicGate } from '../api/get-public-gate'
import { PublicGuildView } from './public-guild-view'
import { PublicHeader } from './public-header'
import { LoadRetry } from './load-retry'
import { useErrorToast } from '@web/hooks/use-error-toast'

// A player's page is its own chunk: the guild page's first load stays as small as it was. So is the
// password form: a raider who entered once (the cookie lasts 12 h) goes straight to the queues without it
// (docs/decisions/013-public-page-entry.md, kept by 014).
const PublicPlayerView = lazy(() =>
  import('./public-player-view').then((m) => ({ default: m.PublicPlayerView })),
)
const MAIN_ID = 'main-content'
const PasswordGate = lazy(() => import('./password-gate').then((m) => ({ default: m.PasswordGate })))

/**
 * /guilds/:slug — the password gate, then the guild's queues, live; /guilds/:slug/players/:playerId — the
 * same gate, then that player's page.
 */
export function PublicGuildPage({ slug, playerId }: { slug: string; playerId?: string }) {
  const { t } = useTranslation('public')
  const gate = usePublicGate(slug)
  const refetchGate = gate.refetch
  const recheckGate = useCallback(() => void refetchGate(), [refetchGate])
  usePageTitle(gate.data ? `${gate.data.name} · ${t('title')}` : t('title'), t('description'))

  const notFound = errorCode(gate.error) === 'GUILD_NOT_FOUND'
  useErrorToast(notFound ? null : gate.error, t('loadError.title'))
  // What the reader came for is on screen (queues, player, gate or an error): the header's switches may load,
  // once the browser is idle, so their chunk never competes with that first paint.
  const [contentReady, setContentReady] = useState(false)
  const contentShown = useCallback(() => setContentReady(true), [])
  const gateShown = gate.isError || (gate.data !== undefined && !gate.data.hasAccess)
  useEffect(() => {
    if (gateShown) contentShown()
  }, [gateShown, contentShown])
  const hasAccess = gate.data?.hasAccess === true
  // The password taken, the form gives way to the queues (or the player's page): focus, which was in the form,
  // goes to the page's start (its heading, the guild's name), as after a change of page (web/app/route-focus.tsx).
  const main = useRef<HTMLElement>(null)
  const gated = useRef(false)
  useEffect(() => {
    if (gateShown) gated.current = true
    if (!hasAccess || !gated.current || !main.current) return
    gated.current = false
    return focusPageStart(main.current)
  }, [gateShown, hasAccess])
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!contentReady) return
    return whenIdle(() => setShown(true))
  }, [contentReady])

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <SkipLink target={MAIN_ID}>{t('skipToContent')}</SkipLink>
      <PublicHeader showToggles={shown} />
      <main
        ref={main}
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 scroll-mt-16 px-4 py-6 focus:outline-none sm:py-10"
      >
        {gate.data ? (
          gate.data.hasAccess ? (
            playerId ? (
              <Suspense fallback={<Spinner className="mx-auto size-8" />}>
                <PublicPlayerView
                  slug={slug}
                  playerId={playerId}
                  onAccessLost={recheckGate}
                  onShown={contentShown}
                />
              </Suspense>
            ) : (
              <PublicGuildView slug={slug} onAccessLost={recheckGate} onShown={contentShown} />
            )
          ) : (
            <div className="grid min-h-[60svh] items-center">
              <Suspense fallback={<Spinner className="mx-auto size-8" />}>
                <PasswordGate gate={gate.data} onBlocked={recheckGate} />
              </Suspense>
            </div>
          )
        ) : notFound ? (
          <MessageCard
            icon={SearchX}
            tone="muted"
            {...messageTexts(t, 'notFound')}
            level={1}
            className="mt-10"
          >
            <Button asChild variant="outline">
              <Link to="/">{t('notFound.home')}</Link>
            </Button>
          </MessageCard>
        ) : gate.isError ? (
          <LoadRetry retryLabel={t('loadError.retry')} onRetry={recheckGate} />
        ) : (
          <div className="flex justify-center py-24">
            <Spinner className="size-8" />
          </div>
        )}
      </main>
    </div>
  )
}

/**
 * `run` once the browser has nothing more urgent to do (at most a second later). Returns the cancel: a page
 * left before then must not update a component that is gone.
 */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(run, 200)
  return () => clearTimeout(id)
}
