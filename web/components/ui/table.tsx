import type * as React from 'react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '@web/lib/cn'

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
export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />
}
export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}
export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  )
}
export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}
export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td className={cn('p-2 align-middle', className)} {...props} />
}

type Column = string | { label: string; className?: string }

/** The header: one row of column headings, in order. */
export function TableColumns({ columns }: { columns: Column[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => {
          const { label, className } = typeof column === 'string' ? { label: column } : column
          return (
            <TableHead key={label} scope="col" className={className}>
              {label}
            </TableHead>
          )
        })}
      </TableRow>
    </TableHeader>
  )
}
