import { useTranslation } from 'react-i18next'
import type { AttendanceRow } from '@contract/raid-nights'
import { cn } from '@web/lib/cn'
import { formatNumber } from '@web/lib/format'
import { MARK_TONE } from './night-badges'
import { NIGHT_ATTENDANCE } from '@contract/enums'

/**
 * The night's figures: each mark, the rows not marked, and the items handed out. Counted from the rows on
 * screen, so a mark just typed counts at once.
 */
export function NightTotals({ rows, awards }: { rows: AttendanceRow[]; awards: number }) {
  const { t } = useTranslation('events')
  const count = (status: AttendanceRow['status']) => rows.filter((row) => row.status === status).length
  const figures = [
    ...NIGHT_ATTENDANCE.map((mark) => ({ key: mark, value: count(mark), tone: MARK_TONE[mark] })),
    { key: 'none', value: count(null), tone: MARK_TONE.none },
    { key: 'awards', value: awards, tone: 'border-primary/40 bg-primary/5 text-foreground' },
  ]
  return (
    <section aria-label={t('night.totals.label')}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map(({ key, value, tone }) => (
          <div
            key={key}
            className={cn('grid gap-1 rounded-lg border p-3', tone)}
            data-testid={`total-${key}`}
          >
            <dt className="text-xs font-medium">{t(`night.totals.${key}`)}</dt>
            <dd className="font-bold text-2xl tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
