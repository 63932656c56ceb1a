import { Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AttendanceStatus, Rarity } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'

// The player page's badges, in the colours of the queue screens (tinted outlines that keep 4.5:1 contrast).
const ATTENDANCE_TONE: Record<AttendanceStatus, string> = {
  pending: 'text-foreground',
  received: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  absent: 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  not_interested: 'border-transparent bg-muted text-muted-foreground',
}
export const PENALTY_TONE = 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-300'
const RARITY_TONE: Record<Rarity, string> = {
  common: 'border-zinc-400/40 bg-zinc-500/10 text-zinc-700 dark:text-zinc-300',
  uncommon: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  rare: 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  epic: 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  legendary: 'border-amber-500/50 bg-amber-500/15 text-amber-800 dark:text-amber-300',
}

export function AttendanceBadge({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation('standing')
  return (
    <Badge variant="outline" className={ATTENDANCE_TONE[status]}>
      {t(`attendance.${status}`)}
    </Badge>
  )
}

export function RarityBadge({ rarity, className }: { rarity: Rarity | null; className?: string }) {
  const { t } = useTranslation('standing')
  if (!rarity) return null
  return (
    <Badge variant="outline" className={cn(RARITY_TONE[rarity], className)}>
      {rarity === 'legendary' && <Crown aria-hidden />}
      {t(`rarity.${rarity}`)}
    </Badge>
  )
}
