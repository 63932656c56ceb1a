import type { ReactNode } from 'react'
import { cn } from '@web/lib/cn'

type Props = {
  /** What the value is (the <dt>). */
  label: ReactNode
  children: ReactNode
  testId?: string
  /**
   * stacked: the label over the value (a grid of facts); row: label and value on one line, rows parted by a
   * rule (a receipt).
   */
  layout?: 'stacked' | 'row'
  /** Classes for the value; by default it stands out in medium weight. */
  valueClassName?: string
}

/** One fact in a <dl>: a muted label and its value. */
export function Detail({
  label,
  children,
  testId,
  layout = 'stacked',
  valueClassName = 'font-medium',
}: Props) {
  return (
    <div
      className={
        layout === 'row'
          ? 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-3 last:border-b-0'
          : 'grid gap-1'
      }
    >
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={cn(valueClassName)} data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
