import { useTranslation } from 'react-i18next'
import type { Subscription } from '@contract/accounts'
import { SubscriptionBadge as StatusBadge } from '@web/components/subscription-badge'
import { displayStatus } from '@web/lib/subscription-status'

/** The subscription as a badge; a live trial says how many days are left. */
export function SubscriptionBadge({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('guild')
  const status = displayStatus(subscription)
  return (
    <StatusBadge status={status} data-testid="subscription-badge">
      {t(`status.${status}`)}
      {subscription.isTrialing && ` · ${t('status.daysLeft', { count: subscription.daysRemaining })}`}
    </StatusBadge>
  )
}
