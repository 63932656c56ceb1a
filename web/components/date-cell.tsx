import { TableCell } from '@web/components/ui/table'
import { cn } from '@web/lib/cn'
import { formatDate } from '@web/lib/format'

/** A table cell with a day (when a row was created, when it expires): muted, on one line. */
export function DateCell({ at, className }: { at: string; className?: string }) {
  return (
    <TableCell className={cn('whitespace-nowrap text-muted-foreground', className)}>
      <time dateTime={at}>{formatDate(at)}</time>
    </TableCell>
  )
}
