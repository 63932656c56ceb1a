import { Gift, Package, Users } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { ApiError } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { useOverview } from '../api/get-overview'
import { NextUpCard } from './next-up-card'
import { StatCard } from './stat-card'

export function OverviewPage() {
  const { t } = useTranslation('overview')
  usePageTitle(t('title'))
  const { data, error, refetch } = useOverview()
  const noGuild = error instanceof ApiError && error.code === 'NO_GUILD'

  useEffect(() => {
    if (error && !noGuild) handleError(error, t('loadError'))
  }, [error, noGuild, t])

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 md:p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {noGuild ? (
        <Alert>
          <AlertTitle>{t('noGuild.title')}</AlertTitle>
          <AlertDescription>{t('noGuild.description')}</AlertDescription>
        </Alert>
      ) : error ? (
        <Alert variant="destructive">
          <AlertTitle>{t('loadError')}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {t('loadErrorHelp')}
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <section aria-label={t('countersLabel')} className="grid gap-4 sm:grid-cols-3">
            <StatCard icon={Package} label={t('counters.items')} value={data?.itemCount} />
            <StatCard icon={Users} label={t('counters.players')} value={data?.activePlayerCount} />
            <StatCard icon={Gift} label={t('counters.distributed')} value={data?.distributedCount} />
          </section>
          <NextUpCard nextUp={data?.nextUp} />
        </>
      )}
    </div>
  )
}
