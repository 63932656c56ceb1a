import { CreditCard, ExternalLink, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BillingStatus } from '@contract/billing'
import type { BillingInterval } from '@contract/enums'
import { Detail } from '@web/components/detail'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@web/components/ui/card'
import { formatDate } from '@web/lib/format'
import { useBillingRedirect } from '../hooks/use-billing-redirect'
import { chargedPrice, planPrice } from '../plan-price'
import { displayStatus } from '@web/lib/subscription-status'
import { billingAction } from '../subscription-status'
import { BillingIntervalChoice } from './billing-interval-choice'
import { SubscriptionStatusBadge } from './subscription-status-badge'

/**
 * Status badge, plan, price per period per guild, trial days left, the one billing action
 * (docs/product-rules.md, "Screens").
 */
export function SubscriptionStatusCard({ billing }: { billing: BillingStatus }) {
  const { t } = useTranslation('subscription')
  const { subscription } = billing
  const status = displayStatus(subscription)
  const action = billingAction(billing)
  const redirect = useBillingRedirect()
  const [chosen, setChosen] = useState<BillingInterval>(billing.interval ?? 'month')
  const shownInterval = action === 'checkout' ? chosen : (billing.interval ?? 'month')

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold leading-none tracking-tight">{t('status.title')}</h2>
          <SubscriptionStatusBadge status={status} />
          {billing.provider === 'sandbox' && (
            <Badge variant="outline" data-testid="sandbox-badge">
              {t('sandbox.badge')}
            </Badge>
          )}
        </div>
        <CardDescription>
          {billing.provider === 'sandbox' ? t('sandbox.hint') : t('status.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Detail label={t('plan.label')} testId="plan-name">
            {t('plan.name')}
          </Detail>
          <Detail label={t('plan.price')} testId="plan-price">
            {action !== 'checkout' && billing.charged
              ? chargedPrice(billing.charged, t)
              : planPrice(shownInterval, t)}{' '}
            {t('plan.perGuild')}
          </Detail>
          {status === 'trialing' && (
            <>
              <Detail label={t('trial.label')} testId="trial-days">
                {t('trial.daysLeft', { count: subscription.daysRemaining })}
              </Detail>
              <Detail label={t('dates.trialEnds')} testId="period-end">
                {formatDate(subscription.trialEndsAt)}
              </Detail>
            </>
          )}
          {status !== 'trialing' && billing.accessUntil && (
            <Detail label={t('dates.proUntil')} testId="period-end">
              {formatDate(billing.accessUntil)}
            </Detail>
          )}
          {status !== 'trialing' && !billing.accessUntil && billing.currentPeriodEnd && (
            <Detail
              label={status === 'active' ? t('dates.renews') : t('dates.periodEnd')}
              testId="period-end"
            >
              {formatDate(billing.currentPeriodEnd)}
            </Detail>
          )}
        </dl>
        {action === 'checkout' && (
          <BillingIntervalChoice value={chosen} onChange={setChosen} disabled={redirect.pending} />
        )}
        {action === 'checkout' && billing.firstChargeAt && (
          <p className="text-sm text-muted-foreground" data-testid="first-charge">
            {t('trial.firstCharge', { date: formatDate(billing.firstChargeAt) })}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        <Button
          onClick={() => (action === 'checkout' ? redirect.subscribe(chosen) : redirect.manage())}
          disabled={redirect.pending}
          aria-busy={redirect.pending}
          className="w-full sm:w-auto"
        >
          {redirect.pending ? <Loader2 aria-hidden className="animate-spin" /> : <CreditCard aria-hidden />}
          {action === 'checkout' ? t('actions.subscribe') : t('actions.manage')}
          <ExternalLink aria-hidden />
          <span className="sr-only">{t('actions.newWindow')}</span>
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {redirect.pending ? t('actions.opening') : ''}
        </span>
      </CardFooter>
    </Card>
  )
}
