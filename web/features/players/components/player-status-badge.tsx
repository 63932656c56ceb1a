import { useTranslation } from 'react-i18next'
import type { PlayerStatus } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'

const VARIANT = { active: 'success', inactive: 'secondary', expelled: 'destructive' } as const

export function PlayerStatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation('players')
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>
}
