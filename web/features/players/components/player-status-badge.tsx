import { useTranslation } from 'react-i18next'
import type { PlayerStatus } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'

const VARIANT = { active: 'outline', inactive: 'secondary', expelled: 'destructive' } as const
// A tinted green that keeps WCAG AA contrast on both themes (white on the solid success colour does not).
const TONE = { active: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300' }

export function PlayerStatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation('players')
  return (
    <Badge variant={VARIANT[status]} className={status === 'active' ? TONE.active : undefined}>
      {t(`status.${status}`)}
    </Badge>
  )
}
