import { ArrowRight, EyeOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PlayerQueuePlace } from '@contract/player-standing'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'
import { formatDateTime } from '@web/lib/format'
import { RarityBadge } from '@web/components/rarity-badge'
import { PENALTY_TONE } from '@web/components/attendance-tones'
import { TonightPlace } from '@web/components/tonight-place'
import { AttendanceBadge } from './standing-badges'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'
import { LongNote } from '@web/components/long-note'

/** A penalty counts while its date is ahead, also for a page left open past it. */
const penaltyActive = (place: PlayerQueuePlace) =>
  place.isPenalized && place.penaltyUntil !== null && new Date(place.penaltyUntil).getTime() > Date.now()

/** What a card says of who comes first: during a raid night, counted among who is here (place.tonight). */
function AheadLine({ place }: { place: PlayerQueuePlace }) {
  const { t } = useTranslation('standing')
  if (place.tonight && place.tonight.place === null)
    return <p className="text-xs text-muted-foreground">{t('queues.awayTonight')}</p>
  if (place.isNext)
    return (
      <p className="inline-flex items-center gap-1 text-xs font-medium text-primary">
        <ArrowRight aria-hidden className="size-3" />
        {place.tonight ? t('queues.nextTonight') : t('queues.next')}
      </p>
    )
  return (
    <p className="text-xs tabular-nums" data-testid="pending-ahead">
      {/* With "rank first", those who receive first can be further down the queue: say why (and count them
          all, pending or not, server/modules/players/player-standing.service.ts). */}
      {place.rankFirst
        ? t('queues.aheadByRank', { count: place.pendingAhead })
        : place.tonight
          ? t('queues.aheadTonight', { count: place.pendingAhead })
          : t('queues.pendingAhead', { count: place.pendingAhead })}
      {/* Players below the item's minimum rank are never next: not counted, and said so (an outside tester
          counted 10 pending ahead where the card said 7). */}
      {place.minRankName && ` · ${t('queues.countsMinimumRank', { rank: place.minRankName })}`}
    </p>
  )
}

/**
 * One card per queue: the place (of how many), the status, during a raid night the place among who is here
 * (or away), who is ahead, next in line.
 */
export function QueuePlaces({ name, places }: { name: string; places: PlayerQueuePlace[] }) {
  const { t } = useTranslation('standing')
  if (places.length === 0) return <p className="text-sm text-muted-foreground">{t('queues.empty')}</p>
  return (
    <ul aria-label={t('queues.listLabel', { name })} className="grid gap-3 sm:grid-cols-2">
      {places.map((place) => (
        <li
          key={place.itemId}
          data-testid="queue-place"
          className={cn(
            'flex items-start gap-3 rounded-lg border bg-card p-3',
            place.isNext && 'border-primary/60 bg-primary/5 ring-1 ring-primary/30',
          )}
        >
          {/* The place at a glance; said in words first in the line under the name ("Posição 3 de 6"). */}
          <span
            aria-hidden
            className={cn(
              'flex size-10 shrink-0 flex-col items-center justify-center rounded-full text-sm font-bold tabular-nums',
              place.isNext ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
            )}
          >
            {place.position ?? '—'}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex flex-wrap items-center gap-1.5">
              <h3 className="font-medium wrap-anywhere">{place.itemName}</h3>
              {place.rarity && <RarityBadge rarity={place.rarity} />}
              {!place.isPublicVisible && (
                <Badge variant="outline" className="text-muted-foreground">
                  <EyeOff aria-hidden />
                  {t('queues.hidden')}
                </Badge>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              {/* First, so "de 6" never reads as part of the badges after it ("#2 hoje de 6"). */}
              {place.position !== null && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {t('queues.positionOf', { position: place.position, total: place.queueLength })}
                </span>
              )}
              <AttendanceBadge status={place.attendanceStatus} />
              {place.tonight && <TonightPlace place={place.tonight.place} />}
              {penaltyActive(place) && (
                <Badge variant="outline" wraps className={PENALTY_TONE}>
                  {t('queues.penalizedUntil', { date: formatDateTime(place.penaltyUntil) })}
                </Badge>
              )}
            </div>
            {place.position === null ? (
              <p className="text-xs text-muted-foreground">{t('queues.notShown')}</p>
            ) : place.belowMinimumRank ? (
              // Never next here: the item's minimum rank is above the player's (docs/product-rules.md, "Ranks").
              <p className="text-xs text-muted-foreground">
                {place.minRankName
                  ? t('queues.belowNamedMinimumRank', { rank: place.minRankName })
                  : t('queues.belowMinimumRank')}
              </p>
            ) : (
              <AheadLine place={place} />
            )}
            {/* Null on the public page when the guild hides counters (the page says so once). */}
            {place.timesReceived !== null && place.timesAbsent !== null && (
              <p className="text-xs text-muted-foreground tabular-nums">
                {t('queues.counts', { received: place.timesReceived, absent: place.timesAbsent })}
              </p>
            )}
            {penaltyActive(place) && place.penaltyNote && (
              <LongNote text={place.penaltyNote} className="text-xs wrap-anywhere text-destructive">
                <span className="font-medium">{t('queues.reason')}:</span> {place.penaltyNote}
                <OfficersOnlyMark shown={place.penaltyNotePrivate} />
              </LongNote>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}
