import { useTranslation } from 'react-i18next'
import type { LootHistoryRow } from '@contract/history'
import { EmptyValue } from '@web/components/ui/empty-value'
import { DateTimeCell, NoteCell } from './history-cells'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { RarityBadge } from '@web/components/rarity-badge'

export function LootTable({ rows }: { rows: LootHistoryRow[] }) {
  const { t } = useTranslation('history')
  return (
    <Table label={t('loot.caption')}>
      <TableColumns
        columns={[
          t('loot.item'),
          t('loot.rarity'),
          t('loot.player'),
          { label: t('loot.previousPosition'), className: 'text-right' },
          t('loot.note'),
          t('loot.date'),
        ]}
      />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-medium">
              {row.itemName}
              {row.itemType && <span className="block text-xs text-muted-foreground">{row.itemType}</span>}
            </TableCell>
            <TableCell>
              <RarityBadge rarity={row.itemRarity} />
            </TableCell>
            <TableCell>{row.playerName}</TableCell>
            <TableCell className="text-right tabular-nums">
              {row.previousQueuePosition === null ? <EmptyValue /> : `#${row.previousQueuePosition}`}
            </TableCell>
            <NoteCell note={row.notes} />
            <DateTimeCell at={row.distributedAt} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
