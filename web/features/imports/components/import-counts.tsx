import { useTranslation } from 'react-i18next'
import type { ImportCounts } from '@contract/imports'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { formatNumber } from '@web/lib/format'

const KINDS = ['players', 'items', 'queueEntries', 'history'] as const

/** New rows and rows found already in the guild, per kind. */
export function ImportCountsTable({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation('imports')
  return (
    <Table label={t('preview.countsLabel')}>
      <TableColumns
        columns={[
          t('preview.kind'),
          { label: t('preview.create'), className: 'text-right' },
          { label: t('preview.existing'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {KINDS.map((kind) => (
          <TableRow key={kind} data-testid={`import-count-${kind}`}>
            <TableCell>{t(`preview.kinds.${kind}`)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(counts[kind].create)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(counts[kind].existing)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
