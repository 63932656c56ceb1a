import { useTranslation } from 'react-i18next'
import { SubscriptionBadge } from '@web/components/subscription-badge'
import type { DisplayStatus } from '@web/lib/subscription-status'

/**
 * active 'Ativa', trial, payment pending, canceled, expired; anything else 'Desconhecido'
 * (docs/product-rules.md, "Subscription").
 */
export function SubscriptionStatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation('subscription')
  return (
    <SubscriptionBadge status={status} data-testid="subscription-status">
      {t(`status.${status}`)}
    </SubscriptionBadge>
  )
}
