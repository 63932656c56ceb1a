import { AlertTriangle, Clock, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Subscription } from '@contract/accounts'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { displayStatus } from '../subscription-status'

/** spec §2: the one alert that fits the state (trial days left, payment problem, canceled, trial expired). */
export function SubscriptionAlerts({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscription')
  switch (displayStatus(subscription)) {
    case 'trialing':
      return (
        <Alert data-testid="subscription-alert">
          <Clock aria-hidden className="size-4" />
          <AlertTitle>{t('alerts.trial.title')}</AlertTitle>
          <AlertDescription>
            {t('alerts.trial.description', { count: subscription.daysRemaining })}
          </AlertDescription>
        </Alert>
      )
    case 'past_due':
      return (
        <Alert variant="warning" data-testid="subscription-alert">
          <AlertTriangle aria-hidden className="size-4" />
          <AlertTitle>{t('alerts.pastDue.title')}</AlertTitle>
          <AlertDescription>{t('alerts.pastDue.description')}</AlertDescription>
        </Alert>
      )
    case 'canceled':
      return (
        <Alert variant="destructive" data-testid="subscription-alert">
          <XCircle aria-hidden className="size-4" />
          <AlertTitle>{t('alerts.canceled.title')}</AlertTitle>
          <AlertDescription>{t('alerts.canceled.description')}</AlertDescription>
        </Alert>
      )
    case 'expired':
      return (
        <Alert variant="destructive" data-testid="subscription-alert">
          <XCircle aria-hidden className="size-4" />
          <AlertTitle>{t('alerts.expired.title')}</AlertTitle>
          <AlertDescription>{t('alerts.expired.description')}</AlertDescription>
        </Alert>
      )
    default:
      return null
  }
}
