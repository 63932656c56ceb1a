import type { ReactNode } from 'react'
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
    // On a phone the note is shown under the row's first cell instead (PhoneDetails).
    className: 'hidden sm:table-cell',
    cellClassName: 'min-w-40 max-w-xs wrap-anywhere whitespace-pre-line',
    cell: (row) => <Note text={note(row)} isPrivate={isPrivate(row)} />,
  }
}

function Note({ text, isPrivate }: { text: string | null; isPrivate?: boolean }) {
  if (text === null) return <EmptyValue />
  return (
    <>
      {text}
      <OfficersOnlyMark shown={isPrivate} />
    </>
  )
}

const DateTime = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>

/** Date and time: two rows on one day must be told apart. */
export function dateTimeColumn<Row>(label: string, at: (row: Row) => string): DataColumn<Row> {
  return {
    label,
    // On a phone the date is shown under the row's first cell instead (PhoneDetails). The header may wrap: it
    // names the reader's clock when it is not the guild's ("Data/Hora (seu horário: Horário Portugal)").
    className: 'hidden whitespace-normal sm:table-cell',
    cellClassName: 'whitespace-nowrap',
    cell: (row) => <DateTime at={at(row)} />,
  }
}

/**
 * What a row's hidden columns say, under its first cell on a phone only (under `sm`), so the table fits the
 * screen without a sideways swipe: a badge, the date and time, the note when there is one.
 */
export function PhoneDetails({
  badge,
  at,
  note,
  notePrivate,
}: {
  badge?: ReactNode
  at: string
  note?: string | null
  notePrivate?: boolean
}) {
  return (
    <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground sm:hidden">
      <div className="flex flex-wrap items-center gap-2">
        {badge}
        <span className="whitespace-nowrap">
          <DateTime at={at} />
        </span>
      </div>
      {note != null && (
        <p className="wrap-anywhere whitespace-pre-line">
          <Note text={note} isPrivate={notePrivate} />
        </p>
      )}
    </div>
  )
}
