import { SearchX } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { Spinner } from '@web/components/ui/spinner'
import { ApiError } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { usePageTitle } from '@web/hooks/use-page-title'
import { usePublicGate } from '../api/get-public-gate'
import { PasswordGate } from './password-gate'
import { PublicGuildView } from './public-guild-view'
import { PublicHeader } from './public-header'

// A player's page is its own chunk: the guild page's first load stays as small as it was.
const PublicPlayerView = lazy(() =>
  import('./public-player-view').then((m) => ({ default: m.PublicPlayerView })),
)

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

  const notFound = gate.error instanceof ApiError && gate.error.code === 'GUILD_NOT_FOUND'
  useEffect(() => {
    if (gate.error && !notFound) handleError(gate.error, t('loadError.title'))
  }, [gate.error, notFound, t])

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <PublicHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
        {gate.data ? (
          gate.data.hasAccess ? (
            playerId ? (
              <Suspense fallback={<Spinner className="mx-auto size-8" />}>
                <PublicPlayerView slug={slug} playerId={playerId} onAccessLost={recheckGate} />
              </Suspense>
            ) : (
              <PublicGuildView slug={slug} onAccessLost={recheckGate} />
            )
          ) : (
            <div className="grid min-h-[60svh] items-center">
              <PasswordGate gate={gate.data} onBlocked={recheckGate} />
            </div>
          )
        ) : notFound ? (
          <Card className="mx-auto mt-10 w-full max-w-md text-center">
            <CardHeader className="items-center">
              <SearchX aria-hidden className="size-10 text-muted-foreground" />
              <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
              <CardDescription>{t('notFound.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/">{t('notFound.home')}</Link>
              </Button>
            </CardContent>
          </Card>
        ) : gate.isError ? (
          <div className="grid justify-items-center gap-3 py-16">
            <Button variant="outline" onClick={recheckGate}>
              {t('loadError.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-24">
            <Spinner className="size-8" />
          </div>
        )}
      </main>
    </div>
  )
}
