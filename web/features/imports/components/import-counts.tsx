import { useTranslation } from 'react-i18next'
import type { ImportCounts } from '@contract/imports'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table'
import { formatNumber } from '@web/lib/format'

const KINDS = ['players', 'items', 'queueEntries', 'history'] as const

/** New rows and rows found already in the guild, per kind. */
export function ImportCountsTable({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation('imports')
  return (
    <Table label={t('preview.countsLabel')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('preview.kind')}</TableHead>
          <TableHead className="text-right">{t('preview.create')}</TableHead>
          <TableHead className="text-right">{t('preview.existing')}</TableHead>
        </TableRow>
      </TableHeader>
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
