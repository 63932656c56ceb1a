import { ScrollText } from 'lucide-react'
import { memo, useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { ServedTimeZone } from '@web/hooks/use-hydrated'
import { useRefetchAt } from '@web/hooks/use-refetch-at'
import { ApiError } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { usePublicQueue } from '../api/get-public-queue'
import { usePublicView } from '../api/get-public-view'
import { usePublicEvents } from '../hooks/use-public-events'
import { GATE_CODES } from './gate-codes'
import { LiveBadge } from './live-badge'
import { PublicItemList } from './public-item-list'
import { PublicQueuePanel } from './public-queue-panel'
import { PublicTonight } from './public-tonight'
import { LoadRetry } from './load-retry'

type Props = { slug: string; onAccessLost: () => void; onShown: () => void }

/**
 * The guild's items and the selected queue; `onShown` once both (or a failure) are on screen. Memoized: the
 * page around it renders again once it is shown and when the header's switches load.
 */
export const PublicGuildView = memo(function PublicGuildView({ slug, onAccessLost, onShown }: Props) {
  const { t } = useTranslation('public')
  const view = usePublicView(slug, true)
  useRefetchAt(view.data?.checkAgainAt, view.refetch)
  const status = usePublicEvents(slug, true)
  // The selected item lives in the address, so a reload or a shared link opens the same queue.
  const [params, setParams] = useSearchParams()
  const selectedId = params.get('item')
  const queueHeading = useRef<HTMLHeadingElement>(null)
  /** The item just tapped, whose queue the page scrolls to once drawn. */
  const scrollTo = useRef<string | null>(null)
  // A shared link names the item: fetch its queue alongside the item list, not after it (one round trip
  // less on a phone). The panel below reads the same query.
  const queue = usePublicQueue(slug, selectedId)
  const queueDone = !selectedId || queue.data !== undefined || queue.isError
  useEffect(() => {
    if ((view.data && queueDone) || view.isError) onShown()
  }, [view.data, view.isError, queueDone, onShown])

  const error = view.error
  useEffect(() => {
    if (!error) return
    if (error instanceof ApiError && GATE_CODES.has(error.code)) onAccessLost()
    else handleError(error, t('loadError.title'))
  }, [error, onAccessLost, t])

  // Stable, so the memoized item list does not render again with the view.
  const select = useCallback(
    (id: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          next.set('item', id)
          return next
        },
        { replace: true, preventScrollReset: true },
      )
      // Take the reader's screen reader to the queue; on a phone, where it sits below the list, the page
      // scrolls to it once its rows are drawn (below).
      scrollTo.current = id
      requestAnimationFrame(() => queueHeading.current?.focus({ preventScroll: true }))
    },
    [setParams],
  )
  // Before the rows are drawn the page may end too soon to bring the queue up to the header: the scroll
  // stopped partway, its heading in the lower third (an outside tester on a phone).
  const queueReady = (selectedId !== null && queue.data?.itemId === selectedId) || queue.isError
  useEffect(() => {
    if (!selectedId || scrollTo.current !== selectedId || !queueReady) return
    scrollTo.current = null
    if (window.matchMedia?.('(max-width: 767px)').matches)
      queueHeading.current?.scrollIntoView({ block: 'start' })
  }, [selectedId, queueReady])

  if (!view.data) {
    if (view.isError)
      return (
        <LoadRetry
          message={t('queue.loadError')}
          retryLabel={t('loadError.retry')}
          onRetry={() => void view.refetch()}
        />
      )
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-24" />
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    )
  }

  const { guild, items, tonight, visibility } = view.data
  const selected = items.find((item) => item.id === selectedId) ?? null

  return (
    // Drawn on the guild's clock until hydrated (an outside test: the server's HTML said 21:13 for a penalty
    // given at 18:13 in São Paulo, and changed 4 s later on a phone).
    <ServedTimeZone.Provider value={guild.timeZone}>
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{guild.name}</h1>
          <LiveBadge status={status} />
        </div>

        {tonight && <PublicTonight tonight={tonight} />}

        {guild.publicRules?.trim() && (
          <Card>
            <CardHeader className="pb-3">
              <h2 className="flex items-center gap-2 text-base font-semibold leading-none tracking-tight">
                <ScrollText aria-hidden className="size-4 text-muted-foreground" />
                {t('rules.title')}
              </h2>
            </CardHeader>
            {/* Text, never HTML: React escapes it; whitespace-pre-line keeps the admin's line breaks. */}
            <CardContent className="text-sm wrap-anywhere whitespace-pre-line">
              {guild.publicRules}
            </CardContent>
          </Card>
        )}

        <div className="grid items-start gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <PublicItemList items={items} selectedId={selected?.id ?? null} onSelect={select} />
          <div className="scroll-mt-20 md:sticky md:top-20">
            <PublicQueuePanel
              slug={slug}
              item={selected}
              tonight={tonight}
              visibility={visibility}
              timeZone={guild.timeZone}
              headingRef={queueHeading}
            />
          </div>
        </div>
      </div>
    </ServedTimeZone.Provider>
  )
})
