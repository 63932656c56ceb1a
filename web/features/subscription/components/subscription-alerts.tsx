import { AlertTriangle, Clock, type LucideIcon, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { BillingStatus } from '@contract/billing'
import { formatDate } from '@web/lib/format'
import { Alert, AlertDescription } from '@web/components/ui/alert'
import { type DisplayStatus, displayStatus } from '@web/lib/subscription-status'

type AlertSpec = { key: string; variant: 'default' | 'warning' | 'destructive'; Icon: LucideIcon }

const ALERTS: Partial<Record<DisplayStatus, AlertSpec>> = {
  trialing: { key: 'trial', variant: 'default', Icon: Clock },
  past_due: { key: 'pastDue', variant: 'warning', Icon: AlertTriangle },
  canceled: { key: 'canceled', variant: 'destructive', Icon: XCircle },
  expired: { key: 'expired', variant: 'destructive', Icon: XCircle },
}

/**
 * The one alert that fits the state: trial days left, payment problem, a scheduled
 * cancellation (Pro until the paid period's end), canceled, trial expired (docs/product-rules.md, "Screens").
 */
export function SubscriptionAlerts({ billing }: { billing: BillingStatus }) {
  const { t } = useTranslation('subscription')
  const { subscription, accessUntil } = billing
  const status = displayStatus(subscription)
  const spec: AlertSpec | undefined =
    status === 'active' && accessUntil
      ? { key: 'cancelScheduled', variant: 'warning', Icon: Clock }
      : ALERTS[status]
  if (!spec) return null
  const { key, variant, Icon } = spec
  const date = accessUntil ? formatDate(accessUntil) : ''
  return (
    <Alert variant={variant} data-testid="subscription-alert">
      <Icon aria-hidden className="size-4" />
      {/* A level-2 heading: it sits between the page's h1 and the cards' h2 (axe heading-order). */}
      <h2 className="mb-1 font-medium leading-none tracking-tight">{t(`alerts.${key}.title`)}</h2>
      <AlertDescription>
        {t(`alerts.${key}.description`, { count: subscription.daysRemaining, date })}
      </AlertDescription>
    </Alert>
  )
}
