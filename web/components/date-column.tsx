import type { DataColumn } from '@web/components/data-table'
import { formatDate } from '@web/lib/format'

/** A column of days (when a row was created, when it expires): muted, on one line. */
export function dateColumn<Row>(
  label: string,
  at: (row: Row) => string,
  className?: string,
): DataColumn<Row> {
  return {
    label,
    className,
    cellClassName: 'whitespace-nowrap text-muted-foreground',
    cell: (row) => <time dateTime={at(row)}>{formatDate(at(row))}</time>,
  }
}
