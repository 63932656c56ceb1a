import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { PendingNotes } from '../hooks/use-queue-actions'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { type RarityChoice, RarityFilter } from '@web/components/rarity-filter'
import { SearchInput } from '@web/components/search-input'
import { Badge } from '@web/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { cn } from '@web/lib/cn'
import { useItemSearch } from '@web/lib/filter-items'
import { queueQueryOptions } from '../api/get-queue'
import { QueuePanel } from './queue-panel'

type Props = { items: Item[]; selected: Item | null; onSelect: (item: Item) => void }

export function QueuesTab({ items, selected, onSelect }: Props) {
  const { t } = useTranslation('items')
  // Search and rarity, as on the items tab (docs/product-rules.md, "Items").
  const [rarity, setRarity] = useState<RarityChoice>('all')
  const [pendingNotes] = useState<PendingNotes>(() => new Map())
  const { shown, searchBox } = useItemSearch(items, rarity)
  const panel = useRef<HTMLDivElement>(null)
  const selectedId = selected?.id

  // On a phone the queue sits below the item list (and below the summary when opened from elsewhere):
  // bring the chosen item's queue into view, unless its top already shows. Once its rows are drawn: before,
  // the page may end too soon to scroll it up to the top bar (a link opened it scrolled only a little).
  const queueShown = useQuery({
    ...queueQueryOptions(selectedId ?? ''),
    enabled: Boolean(selectedId),
    select: () => true,
  })
  const ready = Boolean(queueShown.data) || queueShown.isError
  const scrolledTo = useRef<string | null>(null)
  useEffect(() => {
    const element = panel.current
    if (!selectedId || !element || !ready || scrolledTo.current === selectedId) return
    scrolledTo.current = selectedId
    const { top } = element.getBoundingClientRect()
    if (top >= 0 && top <= window.innerHeight * 0.75) return
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    element.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
  }, [selectedId, ready])

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(13rem,17rem)_1fr]">
      <Card className="min-w-0">
        <CardHeader className="gap-3 p-4">
          <CardTitle className="text-base">{t('queues.itemsTitle')}</CardTitle>
          <SearchInput
            aria-label={t('queues.filterItems')}
            placeholder={t('queues.filterItems')}
            {...searchBox}
          />
          <RarityFilter
            id="queues-rarity"
            label={t('filters.rarity')}
            value={rarity}
            onChange={setRarity}
            allLabel={t('filters.allRarities')}
          />
        </CardHeader>
        <CardContent className="p-2 pt-0">
          {shown.length === 0 ? (
            <p className="p-4 text-center text-sm text-muted-foreground">
              {items.length === 0 ? t('empty.none') : t('empty.filtered')}
            </p>
          ) : (
            // The ring of a focused item is drawn inside it: the scroll box would cut an outer one.
            <ul
              className="grid max-h-72 grid-cols-1 gap-1 overflow-y-auto lg:max-h-[60svh]"
              aria-label={t('queues.itemsTitle')}
            >
              {shown.map((item) => {
                const current = item.id === selected?.id
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => onSelect(item)}
                      className={cn(
                        'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                        current && 'bg-accent font-medium text-accent-foreground',
                      )}
                    >
                      <span className="truncate">{item.name}</span>
                      <Badge variant={item.queueCount > 0 ? 'secondary' : 'outline'} className="tabular-nums">
                        <span className="sr-only">{t('queues.inQueue', { count: item.queueCount })}</span>
                        <span aria-hidden>{item.queueCount}</span>
                      </Badge>
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      {selected ? (
        // scroll-mt: the sticky top bar (3.5 rem) must not cover the queue's title once scrolled to.
        <div ref={panel} className="min-w-0 scroll-mt-20" data-testid="queue-panel">
          {/* One panel per item: a note typed for this queue goes with its next action, never another's;
              it waits for that action while the officer looks at other queues (pendingNotes). */}
          <QueuePanel key={selected.id} item={selected} pendingNotes={pendingNotes} />
        </div>
      ) : (
        <Card className="flex min-h-48 items-center justify-center p-8 text-center">
          <p className="text-muted-foreground">{t('queues.selectItem')}</p>
        </Card>
      )}
    </div>
  )
}
