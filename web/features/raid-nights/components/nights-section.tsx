import type { UseQueryResult } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { RAID_NIGHTS_PAGE_SIZE, type RaidNightList } from '@contract/raid-nights'
import { EmptyState } from '@web/components/layout/empty-state'
import { Pagination, pageCount } from '@web/components/pagination'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'
import { cn } from '@web/lib/cn'

type Props = {
  title: string
  description: string
  icon: LucideIcon
  query: UseQueryResult<RaidNightList>
  page: number
  onPage: (page: number) => void
  /** What shows when the list is empty (its own button, say). */
  empty: { title: string; action?: ReactNode }
  /** The table of the page's nights. */
  children: ReactNode
}

/** One list of nights (upcoming or past): loading, empty, the table and its pages. */
export function NightsSection({
  title,
  description,
  icon: Icon,
  query,
  page,
  onPage,
  empty,
  children,
}: Props) {
  const { data, isPending, isPlaceholderData } = query
  const last = data ? pageCount(data.total, RAID_NIGHTS_PAGE_SIZE) : 1
  // A page past the end (an old link, or nights gone meanwhile) shows the last page instead.
  useEffect(() => {
    if (data && !isPlaceholderData && data.nights.length === 0 && data.total > 0 && page > last) onPage(last)
  }, [data, isPlaceholderData, page, last, onPage])

  return (
    <SectionCard icon={<Icon className="size-5" aria-hidden />} title={title} description={description}>
      {isPending || !data ? (
        <div className="grid gap-2" aria-hidden>
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-10 w-full" />
          ))}
        </div>
      ) : data.total === 0 ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState icon={Icon} title={empty.title} />
          {empty.action}
        </div>
      ) : (
        <div
          className={cn('grid gap-4 transition-opacity', isPlaceholderData && 'opacity-60')}
          aria-busy={isPlaceholderData}
        >
          {children}
          <Pagination page={page} pageSize={RAID_NIGHTS_PAGE_SIZE} total={data.total} onPage={onPage} />
        </div>
      )}
    </SectionCard>
  )
}
