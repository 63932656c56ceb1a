import { useTranslation } from 'react-i18next'
import type { Subscription } from '@contract/accounts'
import { Badge } from '@web/components/ui/badge'

const VARIANT = {
  active: 'success',
  trialing: 'secondary',
  past_due: 'warning',
  canceled: 'destructive',
  expired: 'destructive',
} as const

/** The subscription as a badge; a live trial says how many days are left. */
export function SubscriptionBadge({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('guild')
  const status =
    subscription.status === 'trialing' && subscription.isExpired ? 'expired' : subscription.status
  return (
    <Badge variant={VARIANT[status]} data-testid="subscription-badge">
      {t(`status.${status}`)}
      {subscription.isTrialing && ` · ${t('status.daysLeft', { count: subscription.daysRemaining })}`}
    </Badge>
  )
}
