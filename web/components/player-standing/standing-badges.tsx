import { useTranslation } from 'react-i18next'
import type { AttendanceStatus } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'

// The player page's status badges, in the colours of the queue screens (tinted outlines that keep 4.5:1 contrast).
const ATTENDANCE_TONE: Record<AttendanceStatus, string> = {
  pending: 'text-foreground',
  received: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  absent: 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  not_interested: 'border-transparent bg-muted text-muted-foreground',
}
export const PENALTY_TONE = 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-300'
export function AttendanceBadge({ status }: { status: AttendanceStatus }) {
  const { t } = useTranslation('standing')
  return (
    <Badge variant="outline" className={ATTENDANCE_TONE[status]}>
      {t(`attendance.${status}`)}
    </Badge>
  )
}
