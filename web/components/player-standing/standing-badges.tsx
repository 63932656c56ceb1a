import { useTranslation } from 'react-i18next'
import type { PublicAttendanceStatus } from '@contract/enums'
import { ATTENDANCE_TONE } from '@web/components/attendance-tones'
import { Badge } from '@web/components/ui/badge'

/** An entry's attendance on the player's page, in the colours of the queues (attendance-tones.ts). */
export function AttendanceBadge({ status }: { status: PublicAttendanceStatus }) {
  const { t } = useTranslation('standing')
  return (
    <Badge variant="outline" className={ATTENDANCE_TONE[status]}>
      {t(`attendance.${status}`)}
    </Badge>
  )
}
