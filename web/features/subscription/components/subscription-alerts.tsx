import { AlertTriangle, Clock, type LucideIcon, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Subscription } from '@contract/accounts'
import { Alert, AlertDescription } from '@web/components/ui/alert'
import { type DisplayStatus, displayStatus } from '../subscription-status'

type AlertSpec = { key: string; variant: 'default' | 'warning' | 'destructive'; Icon: LucideIcon }

const ALERTS: Partial<Record<DisplayStatus, AlertSpec>> = {
  trialing: { key: 'trial', variant: 'default', Icon: Clock },
  past_due: { key: 'pastDue', variant: 'warning', Icon: AlertTriangle },
  canceled: { key: 'canceled', variant: 'destructive', Icon: XCircle },
  expired: { key: 'expired', variant: 'destructive', Icon: XCircle },
}

/**
 * The one alert that fits the state: trial days left, payment problem, canceled, trial expired
 * (docs/product-rules.md, "Screens").
 */
export function SubscriptionAlerts({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscription')
  const spec = ALERTS[displayStatus(subscription)]
  if (!spec) return null
  const { key, variant, Icon } = spec
  return (
    <Alert variant={variant} data-testid="subscription-alert">
      <Icon aria-hidden className="size-4" />
      {/* A level-2 heading: it sits between the page's h1 and the cards' h2 (axe heading-order). */}
      <h2 className="mb-1 font-medium leading-none tracking-tight">{t(`alerts.${key}.title`)}</h2>
      <AlertDescription>
        {t(`alerts.${key}.description`, { count: subscription.daysRemaining })}
      </AlertDescription>
    </Alert>
  )
}
