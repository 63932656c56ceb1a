import { Gift, Package, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useOverview } from '../api/get-overview'
import { NextUpCard } from './next-up-card'
import { StatCard } from '@web/components/stat-card'
import { LoadErrorAlert, NoGuildAlert, DashboardPage } from '@web/components/layout/page-states'
import { BillingNotice } from '@web/components/layout/dashboard/billing-notice'
import { useErrorToast } from '@web/hooks/use-error-toast'

export function OverviewPage() {
  const { t } = useTranslation('overview')
  usePageTitle(t('title'))
  const { data, error, refetch } = useOverview()
  const noGuild = errorCode(error) === 'NO_GUILD'

  useErrorToast(noGuild ? null : error, t('loadError'))

  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="wide">
      {/* Admins: the trial's days left, or that Pro ended (web/components/layout/dashboard/billing-notice.tsx). */}
      {!noGuild && <BillingNotice />}
      {noGuild ? (
        <NoGuildAlert ns="overview" />
      ) : error ? (
        <LoadErrorAlert
          title={t('loadError')}
          help={t('loadErrorHelp')}
          retryLabel={t('retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          <section aria-label={t('countersLabel')} className="grid gap-4 sm:grid-cols-3">
            <StatCard icon={Package} label={t('counters.items')} value={data?.itemCount} />
            <StatCard icon={Users} label={t('counters.players')} value={data?.activePlayerCount} />
            <StatCard icon={Gift} label={t('counters.distributed')} value={data?.distributedCount} />
          </section>
          <NextUpCard
            nextUp={data?.nextUp}
            night={data?.night}
            rankFirst={data?.rankFirst ?? false}
            activePlayerCount={data?.activePlayerCount}
          />
        </>
      )}
    </DashboardPage>
  )
}
