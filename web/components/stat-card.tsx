import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { cn } from '@web/lib/cn'
import { formatNumber } from '@web/lib/format'

type Props = {
  icon: LucideIcon
  label: string
  /** undefined while it loads: a skeleton stands in. */
  value: number | undefined
  /** Four to a row on a busy screen (the items list): smaller type and padding. */
  compact?: boolean
}

/** One counted figure of a dashboard screen: what it counts, an icon, the number. */
export function StatCard({ icon: Icon, label, value, compact }: Props) {
  return (
    <Card>
      <CardHeader
        className={cn(
          'flex flex-row items-start justify-between gap-2',
          compact ? 'p-4 pb-1' : 'p-4 pb-2 md:p-6 md:pb-2',
        )}
      >
        <p className={cn('font-medium text-muted-foreground', compact ? 'text-xs sm:text-sm' : 'text-sm')}>
          {label}
        </p>
        <Icon className={cn('shrink-0 text-primary', compact ? 'size-4' : 'size-5')} aria-hidden />
      </CardHeader>
      <CardContent className={compact ? 'p-4 pt-0' : 'p-4 pt-0 md:p-6 md:pt-0'}>
        {value === undefined ? (
          <Skeleton className={compact ? 'h-7 w-12' : 'h-8 w-16'} />
        ) : (
          <p className={cn('font-bold tabular-nums', compact ? 'text-2xl' : 'text-2xl md:text-3xl')}>
            {formatNumber(value)}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
