import type { DataColumn } from '@web/components/data-table'
import { EmptyValue } from '@web/components/ui/empty-value'
import { formatDateTime } from '@web/lib/format'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'

/**
 * The note typed with the action, kept as typed (line breaks too), marked when it is for officers only
 * (docs/decisions/019-public-visibility.md).
 */
export function noteColumn<Row>(
  label: string,
  note: (row: Row) => string | null,
  isPrivate: (row: Row) => boolean | undefined = () => false,
): DataColumn<Row> {
  return {
    label,
    cellClassName: 'min-w-40 max-w-xs wrap-anywhere whitespace-pre-line',
    cell: (row) => {
      const text = note(row)
      if (text === null) return <EmptyValue />
      return (
        <>
          {text}
          <OfficersOnlyMark shown={isPrivate(row)} />
        </>
      )
    },
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
