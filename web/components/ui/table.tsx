import type * as React from 'react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '@web/lib/cn'
import { withClasses } from './with-classes'

/**
 * A table that scrolls sideways on a narrow screen. While it overflows, the scroll area is a region named
 * `label` that takes focus, so a keyboard user can scroll it too (axe: scrollable-region-focusable). `label` is
 * also the table's caption, for screen readers.
 */
export function Table({
  className,
  label,
  children,
  ...props
}: React.ComponentProps<'table'> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const node = ref.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const check = () => setOverflows(node.scrollWidth > node.clientWidth)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(node)
    if (node.firstElementChild) observer.observe(node.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <div
      ref={ref}
      {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      className="relative w-full overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  )
}
export const TableHeader = withClasses('thead', '[&_tr]:border-b')
export const TableBody = withClasses('tbody', '[&_tr:last-child]:border-0')
export const TableRow = withClasses(
  'tr',
  'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
)
export const TableHead = withClasses(
  'th',
  'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
)
export const TableCell = withClasses('td', 'p-2 align-middle')

/** A column's heading; `labelHidden` keeps it for screen readers only (a column of checkboxes, as wide as they are). */
type Column = string | { label: string; className?: string; labelHidden?: boolean }

/** The header: one row of column headings, in order. */
export function TableColumns({ columns }: { columns: Column[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => {
          const { label, className, labelHidden } = typeof column === 'string' ? { label: column } : column
          return (
            <TableHead key={label} scope="col" className={className}>
              {labelHidden ? <span className="sr-only">{label}</span> : label}
            </TableHead>
          )
        })}
      </TableRow>
    </TableHeader>
  )
}
