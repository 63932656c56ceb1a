import { useTranslation } from 'react-i18next'
import type { ImportCounts } from '@contract/imports'
import { DataTable } from '@web/components/data-table'
import { formatNumber } from '@web/lib/format'

const KINDS = ['ranks', 'players', 'items', 'queueEntries', 'history', 'raidNights', 'attendance'] as const

type Row = { id: (typeof KINDS)[number]; create: number; existing: number }

/**
 * New rows and rows found already in the guild, per kind. `label` names the table: what a preview would
 * import, or what an import did.
 */
export function ImportCountsTable({ counts, label }: { counts: ImportCounts; label: string }) {
  const { t } = useTranslation('imports')
  const number = (label: string, of: (row: Row) => number) => ({
    label,
    className: 'text-right',
    cellClassName: 'tabular-nums',
    cell: (row: Row) => formatNumber(of(row)),
  })
  return (
    <DataTable
      label={label}
      rows={KINDS.map((kind) => ({ id: kind, ...counts[kind] }))}
      rowProps={(row) => ({ 'data-testid': `import-count-${row.id}` })}
      columns={[
        { label: t('preview.kind'), cell: (row) => t(`preview.kinds.${row.id}`) },
        number(t('preview.create'), (row) => row.create),
        number(t('preview.existing'), (row) => row.existing),
      ]}
    />
  )
}
