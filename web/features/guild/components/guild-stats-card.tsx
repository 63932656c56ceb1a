import { useTranslation } from 'react-i18next'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'
import { formatDate, formatDateTimeHalves, formatNumber } from '@web/lib/format'
import { useGuildStats } from '../api/get-guild-stats'

export function GuildStatsCard() {
  const { t } = useTranslation('guild')
  const { data: stats } = useGuildStats()
  const rows = [
    { key: 'members', value: stats && formatNumber(stats.members) },
    { key: 'items', value: stats && formatNumber(stats.items) },
    { key: 'distributed', value: stats && formatNumber(stats.distributed) },
    { key: 'created', value: stats && formatDate(stats.createdAt) },
    { key: 'updated', value: stats && <DateTime at={stats.updatedAt} /> },
  ]
  return (
    <SectionCard title={t('stats.title')}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-1 rounded-lg border p-3">
            <dt className="text-muted-foreground text-xs">{t(`stats.${row.key}`)}</dt>
            <dd className="font-semibold text-lg" data-testid={`stat-${row.key}`}>
              {row.value ?? <Skeleton className="h-6 w-12" />}
            </dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  )
}

/** A date and time that wraps between the two, never inside one (the boxes are narrow: five to a row). */
function DateTime({ at }: { at: string }) {
  const [date, time] = formatDateTimeHalves(at)
  return (
    <time dateTime={at}>
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  )
}
