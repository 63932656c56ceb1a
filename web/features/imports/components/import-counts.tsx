import { useTranslation } from 'react-i18next'
import type { ImportCounts } from '@contract/imports'
import { DataTable } from '@web/components/data-table'
import { formatNumber } from '@web/lib/format'

const KINDS = ['players', 'items', 'queueEntries', 'history'] as const
type Kind = (typeof KINDS)[number]

/** New rows and rows found already in the guild, per kind. */
export function ImportCountsTable({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation('imports')
  const count = (label: string, of: (kind: Kind) => number) => ({
    label,
    className: 'text-right',
    cellClassName: 'tabular-nums',
    cell: (kind: Kind) => formatNumber(of(kind)),
  })
  return (
    <DataTable
      label={t('preview.countsLabel')}
      rows={KINDS}
      rowKey={(kind) => kind}
      rowProps={(kind) => ({ 'data-testid': `import-count-${kind}` })}
      columns={[
        { label: t('preview.kind'), cell: (kind) => t(`preview.kinds.${kind}`) },
        count(t('preview.create'), (kind) => counts[kind].create),
        count(t('preview.existing'), (kind) => counts[kind].existing),
      ]}
    />
  )
}
