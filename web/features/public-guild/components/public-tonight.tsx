import { CalendarClock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PublicTonight as Tonight } from '@contract/public'
import { Badge } from '@web/components/ui/badge'
import { ZoneTag } from '@web/components/zone-tag'
import { formatEndTime, formatTime } from '@web/lib/format'

/**
 * The raid night running now: its name and times, and why the queues count who is here. The times are on the
 * guild's clock, as the dashboard shows them, and say its zone to a reader whose clock reads otherwise
 * (docs/product-rules.md, "Raid nights"): the zone is said once the page is hydrated (ZoneTag), and the times themselves are the same in both.
 */
export function PublicTonight({ tonight }: { tonight: Tonight }) {
  const { t } = useTranslation('public')
  const { startsAt, runsUntil, timeZone } = tonight
  return (
    <section
      aria-label={t('tonight.title', { name: tonight.name })}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-sky-600/40 bg-sky-500/5 p-4"
    >
      <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-300" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere">
          <Badge className="bg-sky-700 text-white dark:bg-sky-600">{t('tonight.tag')}</Badge>
          {tonight.name}
          <span className="text-sm font-normal text-muted-foreground tabular-nums">
            {t('tonight.times', {
              start: formatTime(startsAt, timeZone),
              end: formatEndTime(startsAt, runsUntil, timeZone),
            })}
            <ZoneTag zone={timeZone} at={[startsAt, runsUntil]} />
          </span>
        </p>
        <p className="text-sm text-muted-foreground">{t('tonight.help')}</p>
      </div>
    </section>
  )
}
