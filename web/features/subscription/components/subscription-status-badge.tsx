import { useTranslation } from 'react-i18next'
import { Badge } from '@web/components/ui/badge'
import type { DisplayStatus } from '../subscription-status'

const VARIANT = {
  active: 'success',
  trialing: 'secondary',
  past_due: 'warning',
  canceled: 'destructive',
  expired: 'destructive',
  unknown: 'outline',
} as const

/** spec §4: active 'Ativa', trial, payment pending, canceled, expired, and anything else 'Desconhecido'. */
export function SubscriptionStatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation('subscription')
  return (
    <Badge variant={VARIANT[status]} data-testid="subscription-status">
      {t(`status.${status}`)}
    </Badge>
  )
}
