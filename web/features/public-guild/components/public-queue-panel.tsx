import { EyeOff, History, ListOrdered, Shield } from 'lucide-react'
import { memo, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { nextInLine, tonightPlaces } from '@contract/next-in-line'
import type { PublicItem, PublicQueue, PublicQueueEntry, PublicTonight } from '@contract/public'
import type { PublicVisibility } from '@contract/public-visibility'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { useDisplayTimeZone } from '@web/hooks/use-hydrated'
import { formatDateTime } from '@web/lib/format'
import { usePublicQueue } from '../api/get-public-queue'
import { PublicQueueRow, penaltyActive, publicPlayerPath } from './public-queue-row'
import { RarityBadge } from '@web/components/rarity-badge'
import { ReaderZoneTag } from '@web/components/zone-tag'

type PublicLastRecipient = NonNullable<PublicQueue['lastRecipient']>
const NAME = '\u0000'

/**
 * "Último a receber: <name> em <date>": the name links to the player's page while they are in the queue
 * shown (so active). The sentence is split at the name, so each language keeps its own word order. The date
 * is on the reader's clock, and says so when it reads otherwise than the guild's (`guildZone`).
 */
function LastRecipient(props: {
  slug: string
  last: PublicLastRecipient
  linked: boolean | undefined
  guildZone: string
}) {
  const { t } = useTranslation('public')
  const { slug, last, linked, guildZone } = props
  const timeZone = useDisplayTimeZone()
  const [before, after] = t('queue.lastRecipient', {
    name: NAME,
    date: formatDateTime(last.distributedAt, timeZone),
  }).split(NAME)
  return (
    <span>
      {before}
      {linked && last.playerId ? (
        <Link
          to={publicPlayerPath(slug, last.playerId)}
          className="tap-area font-medium text-foreground underline-offset-4 hover:underline"
        >
          {last.playerName}
        </Link>
      ) : (
        <span>{last.playerName}</span>
      )}
      {after}
      <ReaderZoneTag zone={guildZone} at={last.distributedAt} />
    </span>
  )
}

type Props = {
  slug: string
  item: PublicItem | null
  /** The raid night running now: next in line and each place are counted among who is here. */
  tonight: PublicTonight | null
  /** What the guild keeps from the public (the view's): said once above the rows. */
  visibility: PublicVisibility
  /** The guild's time zone: the page's own dates are the reader's, and say so on another clock. */
  timeZone: string
  headingRef?: Ref<HTMLHeadingElement>
}

/** Why rows or words are missing: the guild's settings, said in a line each (contract/public-visibility.ts). */
function HiddenNotice({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="hidden-notice">
      <EyeOff aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      {children}
    </p>
  )
}

/**
 * The queue's players whose rows the guild does not show, by name: each opens their own page, where their
 * place is. Never in queue order (the server sends them sorted by name).
 */
function Unlisted({ slug, queue }: { slug: string; queue: PublicQueue }) {
  const { t } = useTranslation('public')
  const { mode, first, total } = queue.shown
  return (
    <div className="grid gap-2">
      <HiddenNotice>
        {mode === 'own' ? t('visibility.ownOnly') : t('visibility.firstOnly', { count: first, total })}
      </HiddenNotice>
      {queue.unlisted.length > 0 && (
        <div className="grid gap-1 text-sm">
          <h3 className="text-xs font-medium text-muted-foreground">{t('visibility.findYourPage')}</h3>
          <ul
            aria-label={t('visibility.findYourPage')}
            className="flex flex-wrap gap-x-3 gap-y-1 pointer-coarse:gap-y-5"
          >
            {queue.unlisted.map((player) => (
              <li key={player.playerId}>
                <Link
                  to={publicPlayerPath(slug, player.playerId)}
                  className="tap-area underline-offset-4 hover:underline"
                >
                  {player.playerName || t('queue.noName')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

/**
 * The selected item's queue: last recipient, then the rows by position (the next in line highlighted).
 * Memoized, as its rows: the view around it renders again when the live badge changes.
 */
export const PublicQueuePanel = memo(function PublicQueuePanel({
  slug,
  item,
  tonight,
  visibility,
  timeZone,
  headingRef,
}: Props) {
  const { t } = useTranslation('public')
  const queue = usePublicQueue(slug, item?.id ?? null)

  if (!item) {
    return (
      <Card className="flex min-h-48 flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground">
        <ListOrdered aria-hidden className="size-8" />
        <p>{t('queue.selectItem')}</p>
      </Card>
    )
  }

  const shownQueue = queue.data?.itemId === item.id ? queue.data : null
  const entries = shownQueue?.entries ?? null
  const hiddenWords = [
    !visibility.showNotes && t('visibility.notes'),
    !visibility.showCounters && t('visibility.counters'),
  ].filter((part): part is string => Boolean(part))
  const last = queue.data?.itemId === item.id ? queue.data.lastRecipient : undefined
  // Next is the first who can receive now (contract/next-in-line.ts), not simply the first row.
  const away = new Set(tonight?.awayPlayerIds)
  const isHere = (e: { playerId: string }) => !away.has(e.playerId)
  // The players not shown count too: with "rank first" (or a penalty that lapsed) the next can stand below the
  // places the guild shows, and none of those shown is then marked next.
  const next =
    entries &&
    nextInLine<PublicQueueEntry | PublicQueue['unlisted'][number]>(
      [...entries, ...(shownQueue?.unlisted ?? [])],
      (e) => !penaltyActive(e) && isHere(e),
      shownQueue?.rankFirst,
    )
  const nextPlayerId = next && entries?.some((e) => e === next) ? next.playerId : undefined
  const nextUnlisted = next !== undefined && next !== null && nextPlayerId === undefined
  const places = tonight && entries ? tonightPlaces(entries, isHere, shownQueue?.rankFirst) : null
  const minRankName = shownQueue?.minRankName ?? null
  return (
    <Card aria-busy={queue.isFetching || undefined}>
      <CardHeader className="gap-2 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          {/* scroll-mt: scrolled to on a phone, it stops below the sticky header (3.5 rem), its card's top in view. */}
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold wrap-anywhere focus:outline-none"
          >
            {item.name}
          </h2>
          {item.rarity && <RarityBadge rarity={item.rarity} />}
          {minRankName && (
            <Badge variant="outline" data-testid="min-rank" className="max-w-full">
              <Shield aria-hidden />
              <span className="truncate">{t('queue.minRank', { rank: minRankName })}</span>
            </Badge>
          )}
        </div>
        <div className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <History aria-hidden className="mt-0.5 size-4 shrink-0" />
          {/* Who received it is "what each player received": the server sends none then (decision 019). */}
          {!visibility.showCounters ? (
            <span data-testid="recipient-hidden">{t('queue.recipientHidden')}</span>
          ) : last === undefined ? (
            <Skeleton className="h-4 w-48" />
          ) : last ? (
            <div className="grid min-w-0 gap-0.5">
              <LastRecipient
                slug={slug}
                last={last}
                linked={entries?.some((e) => e.playerId === last.playerId)}
                guildZone={timeZone}
              />
              {last.note && (
                <span className="wrap-anywhere whitespace-pre-line" data-testid="last-recipient-note">
                  {t('queue.lastRecipientNote', { note: last.note })}
                </span>
              )}
            </div>
          ) : (
            t('queue.noRecord')
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* Why a player further down can be next: the guild's "rank first" (docs/product-rules.md, "Ranks"). */}
        {shownQueue?.rankFirst && (
          <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="rank-first-note">
            <Shield aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            {t('queue.rankFirst')}
          </p>
        )}
        {hiddenWords.length > 0 && (
          <HiddenNotice>{t('visibility.hides', { parts: hiddenWords.join(', ') })}</HiddenNotice>
        )}
        {queue.isError && !entries ? (
          <div className="grid justify-items-center gap-3 py-6 text-center text-sm text-muted-foreground">
            <p>{t('queue.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void queue.refetch()}>
              {t('loadError.retry')}
            </Button>
          </div>
        ) : !entries ? (
          <div className="grid gap-2" aria-hidden>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : entries.length === 0 && shownQueue?.shown.total === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('queue.empty')}
          </p>
        ) : entries.length === 0 ? null : (
          <>
            {/* Said only of a queue shown whole: with the first N places, the next may be further down. */}
            {!nextPlayerId && entries.length === shownQueue?.shown.total && (
              <p role="status" className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
                {t('queue.nobodyCanReceive')}
              </p>
            )}
            {nextUnlisted && (
              <p
                className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
                data-testid="next-unlisted"
              >
                {t('queue.nextUnlisted')}
              </p>
            )}
            <ol aria-label={t('queue.listLabel', { item: item.name })} className="grid gap-2">
              {entries.map((entry) => (
                <PublicQueueRow
                  key={entry.playerId}
                  slug={slug}
                  entry={entry}
                  isNext={entry.playerId === nextPlayerId}
                  tonight={places !== null}
                  place={places?.get(entry)}
                  minRankName={minRankName}
                />
              ))}
            </ol>
          </>
        )}
        {shownQueue && shownQueue.entries.length < shownQueue.shown.total && (
          <Unlisted slug={slug} queue={shownQueue} />
        )}
      </CardContent>
    </Card>
  )
})
