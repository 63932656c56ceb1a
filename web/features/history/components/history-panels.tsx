import type { UseQueryResult } from '@tanstack/react-query'
import { History, PackageOpen, SearchX } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActivityPage, LootHistoryPage } from '@contract/history'
import { Skeleton } from '@web/components/ui/skeleton'
import { cn } from '@web/lib/cn'
import { ActivityTable } from './activity-table'
import { EmptyState } from '@web/components/layout/empty-state'
import { Pagination, pageCount } from '@web/components/pagination'
import { LootTable } from './loot-table'

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f']

type PanelProps<T> = {
  query: UseQueryResult<T>
  page: number
  filtered: boolean
  onPage: (page: number) => void
}

/** Loading, empty, table and pagination, the same way for both tabs. */
function Panel<T extends { rows: unknown[]; total: number; pageSize: number }>({
  query,
  page,
  onPage,
  empty,
  children,
}: Omit<PanelProps<T>, 'filtered'> & { empty: ReactNode; children: ReactNode }) {
  const { data, isPending, isPlaceholderData } = query
  const last = data ? pageCount(data.total, data.pageSize) : 1
  // A page past the end (an old link, or rows gone meanwhile) shows the last page instead.
  useEffect(() => {
    if (data && !isPlaceholderData && data.rows.length === 0 && data.total > 0 && page > last) onPage(last)
  }, [data, isPlaceholderData, page, last, onPage])

  if (isPending || !data) {
    return (
      <div className="grid gap-2" aria-hidden>
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} className="h-10 w-full" />
        ))}
      </div>
    )
  }
  if (data.total === 0) return empty
  return (
    <div
      className={cn('grid gap-4 transition-opacity', isPlaceholderData && 'opacity-60')}
      aria-busy={isPlaceholderData}
    >
      {children}
      <Pagination page={page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
    </div>
  )
}

export function LootPanel({ query, page, filtered, onPage }: PanelProps<LootHistoryPage>) {
  const { t } = useTranslation('history')
  const empty = filtered
    ? { icon: SearchX, title: t('loot.noResultsTitle'), description: t('loot.noResultsDescription') }
    : { icon: PackageOpen, title: t('loot.emptyTitle'), description: t('loot.emptyDescription') }
  return (
    <Panel query={query} page={page} onPage={onPage} empty={<EmptyState {...empty} />}>
      <LootTable rows={query.data?.rows ?? []} />
    </Panel>
  )
}

export function ActivityPanel({ query, page, filtered, onPage }: PanelProps<ActivityPage>) {
  const { t } = useTranslation('history')
  const empty = filtered
    ? { icon: SearchX, title: t('activity.noResults') }
    : { icon: History, title: t('activity.empty') }
  return (
    <Panel query={query} page={page} onPage={onPage} empty={<EmptyState {...empty} />}>
      <ActivityTable rows={query.data?.rows ?? []} />
    </Panel>
  )
}
