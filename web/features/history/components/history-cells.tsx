import type { DataColumn } from '@web/components/data-table'
import { EmptyValue } from '@web/components/ui/empty-value'
import { formatDateTime } from '@web/lib/format'

/** The note typed with the action, kept as typed (line breaks too). */
export function noteColumn<Row>(label: string, note: (row: Row) => string | null): DataColumn<Row> {
  return {
    label,
    cellClassName: 'min-w-40 max-w-xs break-words whitespace-pre-line',
    cell: (row) => note(row) ?? <EmptyValue />,
  }
}

/** Date and time: two rows on one day must be told apart. */
export function dateTimeColumn<Row>(label: string, at: (row: Row) => string): DataColumn<Row> {
  return {
    label,
    cellClassName: 'whitespace-nowrap',
    cell: (row) => <time dateTime={at(row)}>{formatDateTime(at(row))}</time>,
  }
}
