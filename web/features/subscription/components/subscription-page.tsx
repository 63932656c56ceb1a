import { useTranslation } from 'react-i18next'
import { NoGuildAlert, DashboardPage } from '@web/components/layout/page-states'
import { ReadFailureAlert } from '@web/components/layout/read-failure-alert'
import { Skeleton } from '@web/components/ui/skeleton'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useMe } from '@web/lib/session'
import { useBilling } from '../api/get-billing'
import { usePaymentReturn } from '../hooks/use-payment-return'
import { PlanFeaturesCard } from './plan-features-card'
import { RestrictedNotice } from './restricted-notice'
import { SubscriptionAlerts } from './subscription-alerts'
import { SubscriptionStatusCard } from './subscription-status-card'

/** /dashboard/subscription (docs/product-rules.md, "Screens"): admins only; the server checks it too. */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription')
  usePageTitle(t('title'))
  usePaymentReturn()
  const me = useMe()
  const hasGuild = Boolean(me.data?.guild)
  const isAdmin = me.data?.profile?.role === 'guild_admin'
  const billing = useBilling(hasGuild && isAdmin)
  const code = errorCode(billing.error)
  const noGuild = (me.data && !hasGuild) || code === 'NO_GUILD'
  // The role may have changed since /me was read: the server's 403 decides.
  const restricted = (me.data && !isAdmin) || code === 'FORBIDDEN'
  const failure = billing.error && !noGuild && !restricted ? billing.error : null

  useErrorToast(failure, t('loadError'))

  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="medium">
      {noGuild ? (
        <NoGuildAlert ns="subscription" />
      ) : restricted ? (
        <RestrictedNotice />
      ) : failure ? (
        <ReadFailureAlert error={failure} title={t('loadError')} onRetry={() => void billing.refetch()} />
      ) : !billing.data ? (
        <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <SubscriptionAlerts billing={billing.data} />
          <div className="grid items-start gap-6 md:grid-cols-2">
            <SubscriptionStatusCard billing={billing.data} />
            <PlanFeaturesCard />
          </div>
        </>
      )}
    </DashboardPage>
  )
}
