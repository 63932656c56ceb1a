import { useTranslation } from 'react-i18next'
import type { PlayerAttendance } from '@contract/player-standing'

const DAYS_PER_WEEK = 7

/**
 * The player's share of the guild's events attended (contract/player-standing.ts): "75 % (3 of 4 events) ·
 * 2 on the bench"; with no event counted it says so instead of 0 %.
 */
export function AttendanceShare({ attendance }: { attendance: PlayerAttendance }) {
  const { t } = useTranslation('standing')
  const { attended, missed, bench, share } = attendance
  const weeks = attendance.windowDays / DAYS_PER_WEEK
  return (
    <p className="text-sm" data-testid="player-attendance">
      <span className="text-muted-foreground">{t('nights.label', { weeks })} </span>
      {share === null ? (
        t('nights.none')
      ) : (
        <>
          <strong className="font-semibold tabular-nums">
            {t('nights.share', { percent: Math.round(share * 100) })}
          </strong>{' '}
          <span className="text-muted-foreground">
            {t('nights.counted', { attended, count: attended + missed })}
          </span>
        </>
      )}
      {bench > 0 && ` · ${t('nights.bench', { count: bench })}`}
    </p>
  )
}
