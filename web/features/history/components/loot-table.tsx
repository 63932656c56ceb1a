import { useTranslation } from 'react-i18next'
import type { LootHistoryRow } from '@contract/history'
import { DataTable } from '@web/components/data-table'
import { nameColumn } from '@web/components/table-columns'
import { EmptyValue } from '@web/components/ui/empty-value'
import { dateTimeColumn, noteColumn, PhoneDetails } from './history-cells'
import { RarityBadge } from '@web/components/rarity-badge'
import { useReaderClockLabel } from '@web/hooks/use-reader-clock'
import { useGuildTimeZone } from '@web/lib/night-settings'

export function LootTable({ rows }: { rows: LootHistoryRow[] }) {
  const { t } = useTranslation('history')
  // The rows' times are the reader's: the column says whose when it is not the guild's clock.
  const readerClock = useReaderClockLabel(
    useGuildTimeZone(),
    rows.map((row) => row.distributedAt),
  )
  return (
    <DataTable
      label={t('loot.caption')}
      rows={rows}
      columns={[
        nameColumn(t('loot.item'), (row: LootHistoryRow) => (
          <>
            {row.itemName}
            {row.itemType && <span className="block text-xs text-muted-foreground">{row.itemType}</span>}
            <PhoneDetails
              badge={<RarityBadge rarity={row.itemRarity} />}
              at={row.distributedAt}
              note={row.notes}
              notePrivate={row.notesPrivate}
            />
          </>
        )),
        {
          label: t('loot.rarity'),
          className: 'hidden sm:table-cell',
          cell: (row) => <RarityBadge rarity={row.itemRarity} />,
        },
        { label: t('loot.player'), cell: (row) => row.playerName },
        {
          label: t('loot.previousPosition'),
          className: 'hidden text-right sm:table-cell',
          cellClassName: 'tabular-nums',
          cell: (row) =>
            row.previousQueuePosition === null ? <EmptyValue /> : `#${row.previousQueuePosition}`,
        },
        noteColumn(
          t('loot.note'),
          (row: LootHistoryRow) => row.notes,
          (row) => row.notesPrivate,
        ),
        dateTimeColumn(readerClock(t('loot.date')), (row: LootHistoryRow) => row.distributedAt),
      ]}
    />
  )
}
