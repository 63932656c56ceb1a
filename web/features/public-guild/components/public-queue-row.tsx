import { ArrowRight, Shield } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { PublicQueueEntry } from '@contract/public'
import { ATTENDANCE_TONE, PENALTY_TONE } from '@web/components/attendance-tones'
import { QueuePosition } from '@web/components/queue-position'
import { TonightPlace } from '@web/components/tonight-place'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'
import { useDisplayTimeZone } from '@web/hooks/use-hydrated'
import { formatDateTime } from '@web/lib/format'
import { LongNote } from '@web/components/long-note'

/** A penalty counts while its date is ahead, also for a page left open past it. */
export function penaltyActive(
  entry: Pick<PublicQueueEntry, 'isPenalized' | 'penaltyUntil'>,
  now = Date.now(),
): boolean {
  return entry.isPenalized && entry.penaltyUntil !== null && new Date(entry.penaltyUntil).getTime() > now
}

/** The player's public page: their place in every queue (issue 17). */
export const publicPlayerPath = (slug: string, playerId: string) =>
  `/guilds/${encodeURIComponent(slug)}/players/${encodeURIComponent(playerId)}`

type Props = {
  slug: string
  entry: PublicQueueEntry
  isNext: boolean
  /** A raid night runs: next in line and each place are counted among who is here. */
  tonight: boolean
  /**
   * During a raid night (contract/next-in-line.ts tonightPlaces): the place among who could receive tonight, null
   * for a player not here tonight, undefined (no tag) for one here but below the item's minimum rank.
   */
  place?: number | null
  /** The item's minimum rank's name, said in why a player below it is not next. */
  minRankName: string | null
}

/** The player's rank ("Cargo: Oficial" to a screen reader); a player without one gets no badge (noise). */
function RankBadge({ rankName }: { rankName: string }) {
  const { t } = useTranslation('public')
  return (
    <Badge variant="outline" data-testid="rank-badge" className="max-w-full">
      <Shield aria-hidden />
      <span className="sr-only">{t('queue.rankLabel')}: </span>
      <span className="truncate">{rankName}</span>
    </Badge>
  )
}

/**
 * "Penalized until <date and time>", in the reader's time zone once the page is hydrated. Its own component, so that
 * only a penalized row's badge renders again then, not every row of the queue (web/hooks/use-hydrated.ts).
 */
function PenaltyBadge({ until }: { until: string }) {
  const { t } = useTranslation('public')
  const timeZone = useDisplayTimeZone()
  return (
    <Badge variant="outline" wraps className={PENALTY_TONE}>
      {t('queue.penalizedUntil', { date: formatDateTime(until, timeZone) })}
    </Badge>
  )
}

/**
 * One row of the public queue. Memoized: its props are plain values and the entry as the query holds it (kept
 * while unchanged), so the page's own changes after it hydrates (the live badge, the header's switches, a
 * refetch's busy state) do not render every row again (docs/decisions/014-server-rendering.md).
 */
export const PublicQueueRow = memo(function PublicQueueRow({
  slug,
  entry,
  isNext,
  tonight,
  place,
  minRankName,
}: Props) {
  const { t } = useTranslation('public')
  const penalized = penaltyActive(entry)
  const notInterested = entry.attendanceStatus === 'not_interested'

  return (
    <li
      data-testid="queue-row"
      className={cn(
        'flex items-start gap-3 rounded-lg border bg-card p-3',
        isNext && 'border-primary/60 bg-primary/5 ring-1 ring-primary/30',
      )}
    >
      <QueuePosition position={entry.position} isNext={isNext} label={t('queue.position')} />
      <div className={cn('grid min-w-0 flex-1 gap-1', notInterested && 'opacity-60')}>
        <div className="flex flex-wrap items-center gap-1.5">
          <Link
            to={publicPlayerPath(slug, entry.playerId)}
            className={cn(
              'tap-area font-medium wrap-anywhere underline-offset-4 hover:underline',
              !entry.playerName && 'italic text-muted-foreground',
            )}
          >
            {entry.playerName || t('queue.noName')}
          </Link>
          {entry.rankName && <RankBadge rankName={entry.rankName} />}
          <Badge variant="outline" className={ATTENDANCE_TONE[entry.attendanceStatus]}>
            {t(`attendance.${entry.attendanceStatus}`)}
          </Badge>
          {penalized && entry.penaltyUntil && <PenaltyBadge until={entry.penaltyUntil} />}
          {tonight && place !== undefined && <TonightPlace place={place} />}
          {entry.belowMinimumRank && (
            <Badge variant="outline" className={ATTENDANCE_TONE.not_interested}>
              {t('queue.belowMinimumRank')}
            </Badge>
          )}
        </div>
        {/* Why a player ahead is passed over: the guild's rule for this item (docs/product-rules.md, "Ranks"). */}
        {entry.belowMinimumRank && (
          <p className="text-xs text-muted-foreground">
            {minRankName
              ? t('queue.belowMinimumRankNamedWhy', { rank: minRankName })
              : t('queue.belowMinimumRankWhy')}
          </p>
        )}
        {/* Null when the guild hides counters from the public: the panel says so once. */}
        {entry.timesReceived !== null && entry.timesAbsent !== null && (
          <p className="text-xs text-muted-foreground tabular-nums">
            {t('queue.counts', { received: entry.timesReceived, absent: entry.timesAbsent })}
          </p>
        )}
        {penalized && entry.penaltyNote && (
          <LongNote text={entry.penaltyNote} className="text-xs wrap-anywhere text-destructive">
            <span className="font-medium">{t('queue.reason')}:</span> {entry.penaltyNote}
          </LongNote>
        )}
        {/* Why this player last moved; a penalty's reason is already said just above. */}
        {entry.lastNote && !(penalized && entry.lastNote === entry.penaltyNote) && (
          <LongNote
            text={entry.lastNote}
            className="text-xs wrap-anywhere whitespace-pre-line text-muted-foreground"
          >
            <span className="font-medium">{t('queue.note')}:</span> {entry.lastNote}
          </LongNote>
        )}
        {isNext && (
          <p className="inline-flex items-center gap-1 text-xs font-medium text-primary">
            <ArrowRight aria-hidden className="size-3" />
            {tonight ? t('tonight.next') : t('queue.next')}
          </p>
        )}
      </div>
    </li>
  )
})
