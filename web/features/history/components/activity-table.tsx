import { useTranslation } from 'react-i18next'
import { describeActivity } from '@contract/activity-description'
import type { ActivityRow } from '@contract/history'
import { Badge } from '@web/components/ui/badge'
import { DateTimeCell, NoteCell } from './history-cells'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'

export function ActivityTable({ rows }: { rows: ActivityRow[] }) {
  const { t, i18n } = useTranslation('history')
  // An action this build does not know yet (a newer server) still reads, by its code.
  const actionLabel = (action: string) =>
    i18n.exists(`actions.${action}`, { ns: 'history' }) ? t(`actions.${action}`) : action
  // Descriptions are stored language-neutral; their codes (fields, statuses, an undone action) in words.
  const describe = (row: ActivityRow) => describeActivity(row.actionType, row.description, t)
  return (
    <Table label={t('activity.caption')}>
      <TableColumns
        columns={[
          t('activity.user'),
          t('activity.action'),
          t('activity.description'),
          t('activity.note'),
          t('activity.date'),
        ]}
      />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-medium">
              {row.userName ?? <span className="text-muted-foreground">{t('activity.system')}</span>}
            </TableCell>
            <TableCell>
              <Badge variant="secondary">{actionLabel(row.actionType)}</Badge>
            </TableCell>
            <TableCell className="min-w-48 max-w-md break-words whitespace-normal">{describe(row)}</TableCell>
            <NoteCell note={row.note} />
            <DateTimeCell at={row.createdAt} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
