import { useTranslation } from 'react-i18next'
import { describeActivity } from '@contract/activity-description'
import type { ActivityRow } from '@contract/history'
import { Badge } from '@web/components/ui/badge'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table'
import { formatDateTime } from '@web/lib/format'

export function ActivityTable({ rows }: { rows: ActivityRow[] }) {
  const { t, i18n } = useTranslation('history')
  // An action this build does not know yet (a newer server) still reads, by its code.
  const actionLabel = (action: string) =>
    i18n.exists(`actions.${action}`, { ns: 'history' }) ? t(`actions.${action}`) : action
  // Descriptions are stored language-neutral; their codes (fields, statuses, an undone action) in words.
  const describe = (row: ActivityRow) => describeActivity(row.actionType, row.description, t)
  return (
    <Table label={t('activity.caption')}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('activity.user')}</TableHead>
          <TableHead scope="col">{t('activity.action')}</TableHead>
          <TableHead scope="col">{t('activity.description')}</TableHead>
          <TableHead scope="col">{t('activity.note')}</TableHead>
          <TableHead scope="col">{t('activity.date')}</TableHead>
        </TableRow>
      </TableHeader>
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
            <TableCell className="min-w-40 max-w-xs break-words whitespace-pre-line">
              {row.note ?? <EmptyValue />}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
