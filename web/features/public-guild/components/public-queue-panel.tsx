import { History, ListOrdered } from 'lucide-react'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { nextInLine, placesAmongHere } from '@contract/next-in-line'
import type { PublicItem, PublicQueue, PublicTonight } from '@contract/public'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { useDisplayTimeZone } from '@web/hooks/use-hydrated'
import { formatDateTime } from '@web/lib/format'
import { usePublicQueue } from '../api/get-public-queue'
import { PublicQueueRow, penaltyActive, publicPlayerPath } from './public-queue-row'
import { RarityBadge } from '@web/components/rarity-badge'

type PublicLastRecipient = NonNullable<PublicQueue['lastRecipient']>
const NAME = '\u0000'

/**
 * "Último a receber: <name> em <date>": the name links to the player's page while they are in the queue
 * shown (so active). The sentence is split at the name, so each language keeps its own word order.
 */
function LastRecipient(props: { slug: string; last: PublicLastRecipient; linked: boolean | undefined }) {
  const { t } = useTranslation('public')
  const { slug, last, linked } = props
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
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {last.playerName}
        </Link>
      ) : (
        <span>{last.playerName}</span>
      )}
      {after}
    </span>
  )
}

type Props = {
  slug: string
  item: PublicItem | null
  /** The raid night running now: next in line and each place are counted among who is here. */
  tonight: PublicTonight | null
  headingRef?: Ref<HTMLHeadingElement>
}

/** The selected item's queue: last recipient, then the rows by position (the next in line highlighted). */
export function PublicQueuePanel({ slug, item, tonight, headingRef }: Props) {
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

  const entries = queue.data?.itemId === item.id ? queue.data.entries : null
  const last = queue.data?.itemId === item.id ? queue.data.lastRecipient : undefined
  // Next is the first who can receive now (contract/next-in-line.ts), not simply the first row.
  const away = new Set(tonight?.awayPlayerIds)
  const isHere = (e: PublicQueue['entries'][number]) => !away.has(e.playerId)
  const nextPlayerId = entries && nextInLine(entries, (e) => !penaltyActive(e) && isHere(e))?.playerId
  const places = tonight && entries ? placesAmongHere(entries, isHere) : null
  return (
    <Card aria-busy={queue.isFetching || undefined}>
      <CardHeader className="gap-2 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold break-words focus:outline-none">
            {item.name}
          </h2>
          {item.rarity && <RarityBadge rarity={item.rarity} />}
        </div>
        <div className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <History aria-hidden className="mt-0.5 size-4 shrink-0" />
          {last === undefined ? (
            <Skeleton className="h-4 w-48" />
          ) : last ? (
            <div className="grid min-w-0 gap-0.5">
              <LastRecipient
                slug={slug}
                last={last}
                linked={entries?.some((e) => e.playerId === last.playerId)}
              />
              {last.note && (
                <span className="break-words whitespace-pre-line" data-testid="last-recipient-note">
                  {t('queue.lastRecipientNote', { note: last.note })}
                </span>
              )}
            </div>
          ) : (
            t('queue.noRecord')
          )}
        </div>
      </CardHeader>
      <CardContent>
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
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('queue.empty')}
          </p>
        ) : (
          <ol aria-label={t('queue.listLabel', { item: item.name })} className="grid gap-2">
            {entries.map((entry) => (
              <PublicQueueRow
                key={entry.playerId}
                slug={slug}
                entry={entry}
                isNext={entry.playerId === nextPlayerId}
                tonight={places ? { place: places.get(entry) ?? null } : null}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
