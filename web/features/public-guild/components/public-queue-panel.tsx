import { History, ListOrdered } from 'lucide-react'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicItem } from '@contract/public'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { formatDateTime } from '@web/lib/format'
import { usePublicQueue } from '../api/get-public-queue'
import { PublicQueueRow, penaltyActive } from './public-queue-row'
import { RarityBadge } from '@web/components/rarity-badge'

type Props = { slug: string; item: PublicItem | null; headingRef?: Ref<HTMLHeadingElement> }

/** The selected item's queue: last recipient, then the rows by position (the next in line highlighted). */
export function PublicQueuePanel({ slug, item, headingRef }: Props) {
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
  // Next is the first pending player without an active penalty, not simply the first row.
  const nextId = entries?.find((e) => e.attendanceStatus === 'pending' && !penaltyActive(e))?.id
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
              <span>
                {t('queue.lastRecipient', {
                  name: last.playerName,
                  date: formatDateTime(last.distributedAt),
                })}
              </span>
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
              <PublicQueueRow key={entry.id} entry={entry} isNext={entry.id === nextId} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
