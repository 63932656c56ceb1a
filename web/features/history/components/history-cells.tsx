import { EmptyValue } from '@web/components/ui/empty-value'
import { TableCell } from '@web/components/ui/table'
import { formatDateTime } from '@web/lib/format'

/** The note typed with the action, kept as typed (line breaks too). */
export function NoteCell({ note }: { note: string | null }) {
  return (
    <TableCell className="min-w-40 max-w-xs break-words whitespace-pre-line">
      {note ?? <EmptyValue />}
    </TableCell>
  )
}

/** Date and time: two rows on one day must be told apart. */
export function DateTimeCell({ at }: { at: string }) {
  return (
    <TableCell className="whitespace-nowrap">
      <time dateTime={at}>{formatDateTime(at)}</time>
    </TableCell>
  )
}
