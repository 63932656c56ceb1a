import { CalendarClock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { QueueEntry } from '@contract/queues'
import { isHereTonight, type Tonight } from '@contract/raid-nights'
import { ZoneTag } from '@web/components/zone-tag'
import { formatTimeSpan, zoneLabel } from '@web/lib/format'

type Props = { night: Tonight; entries: QueueEntry[] }

/** The raid night running now above a queue: its name and times, who of this queue is here, and why it matters. */
export function TonightBanner({ night, entries }: Props) {
  const { t } = useTranslation('items')
  if (!night.night) return null
  // On the guild's clock, as every screen shows a night, and said when the reader's reads otherwise
  // (docs/product-rules.md, "Raid nights").
  const zone = night.night.timeZone
  const { startsAt, runsUntil } = night.night
  const away = entries.filter((entry) => !isHereTonight(night.attendance[entry.playerId])).length
  return (
    // A grid, not a wrapping row: the text's column has the room the icon and the link leave it, and its title
    // wraps inside it. Where a row of flex items put the link beside the title, a phone drew a long title over
    // the link. On a phone the link has a line of its own under the text; from `sm` it sits at the right.
    <section
      aria-label={t('tonight.title', { name: night.night.name })}
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-lg border border-sky-600/40 bg-sky-500/5 p-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto]"
    >
      <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-300" />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 font-medium wrap-anywhere">
          {t('tonight.title', { name: night.night.name })}
          <span
            className="font-normal text-muted-foreground tabular-nums"
            title={zoneLabel(zone, new Date(startsAt))}
          >
            {formatTimeSpan(startsAt, runsUntil, zone)}
            <ZoneTag zone={zone} at={[startsAt, runsUntil]} />
          </span>
          <span className="font-normal text-muted-foreground">
            {t('tonight.here', { here: entries.length - away, away })}
          </span>
        </p>
        <p className="text-muted-foreground">{t('tonight.help')}</p>
      </div>
      <Link
        to={`/dashboard/events/${night.night.id}`}
        className="col-start-2 w-fit text-sm font-medium text-primary underline-offset-4 hover:underline sm:col-start-3 sm:row-start-1"
      >
        {t('tonight.open')}
      </Link>
    </section>
  )
}
