import { Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { describeAuthor } from '@contract/activity-author'
import { describeActivity } from '@contract/activity-description'
import type { ActivityRow } from '@contract/history'
import { DataTable } from '@web/components/data-table'
import { nameColumn } from '@web/components/table-columns'
import { Badge } from '@web/components/ui/badge'
import { useOtherZoneName } from '@web/hooks/use-other-zone-name'
import { useReaderClockLabel } from '@web/hooks/use-reader-clock'
import { formatTypedDateTime } from '@web/lib/format'
import { useGuildTimeZone } from '@web/lib/night-settings'
import { dateTimeColumn, noteColumn, PhoneDetails } from './history-cells'

export function ActivityTable({ rows }: { rows: ActivityRow[] }) {
  const { t, i18n } = useTranslation('history')
  const otherZoneName = useOtherZoneName()
  // The rows' own times are the reader's: the column says whose when it is not the guild's clock.
  const readerClock = useReaderClockLabel(
    useGuildTimeZone(),
    rows.map((row) => row.createdAt),
  )
  // An action this build does not know yet (a newer server) still reads, by its code.
  const actionLabel = (action: string) =>
    i18n.exists(`actions.${action}`, { ns: 'history' }) ? t(`actions.${action}`) : action
  // The action's badge, and beside it whether an undo took the action back (an undone award's passes too).
  const action = (row: ActivityRow) => (
    <>
      {/* Long labels ("Passado na vez (ausência marcada)") wrap: on one line they widened a phone's table. */}
      <Badge variant="secondary" wraps>
        {actionLabel(row.actionType)}
      </Badge>
      {row.undone && (
        <Badge variant="outline" wraps className="ml-1 font-normal" title={t('activity.undoneHint')}>
          <Undo2 aria-hidden />
          {t('activity.undone')}
        </Badge>
      )}
    </>
  )
  return (
    <DataTable
      label={t('activity.caption')}
      rows={rows}
      columns={[
        // A former member keeps the name they had (marked as such); billing events are the system's.
        nameColumn(t('activity.user'), (row: ActivityRow) => (
          <>
            {row.author === 'member' ? (
              row.userName
            ) : (
              <span className="text-muted-foreground">{describeAuthor(row.author, row.userName, t)}</span>
            )}
            <PhoneDetails
              badge={action(row)}
              at={row.createdAt}
              note={row.note}
              notePrivate={row.notePrivate}
            />
          </>
        )),
        {
          label: t('activity.action'),
          className: 'hidden sm:table-cell',
          cell: action,
        },
        {
          label: t('activity.description'),
          cellClassName: 'min-w-32 max-w-md wrap-anywhere whitespace-normal sm:min-w-48',
          // Descriptions are stored language-neutral; their codes (fields, statuses, an undone action) in words.
          // The row's own time is the reader's; a night's time it quotes is the guild's, and says its zone when
          // the reader's clock reads otherwise (docs/product-rules.md, "Raid nights"); written as every date.
          cell: (row) =>
            describeActivity(
              row.actionType,
              row.description,
              t,
              (zone, at) => otherZoneName(zone, at),
              formatTypedDateTime,
            ),
        },
        noteColumn(
          t('activity.note'),
          (row: ActivityRow) => row.note,
          (row) => row.notePrivate,
        ),
        dateTimeColumn(readerClock(t('activity.date')), (row: ActivityRow) => row.createdAt),
      ]}
    />
  )
}
