import { useTranslation } from 'react-i18next'
import type { LootHistoryRow } from '@contract/history'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table'
import { formatDateTime } from '@web/lib/format'
import { RarityBadge } from '@web/components/rarity-badge'

export function LootTable({ rows }: { rows: LootHistoryRow[] }) {
  const { t } = useTranslation('history')
  return (
    <Table label={t('loot.caption')}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('loot.item')}</TableHead>
          <TableHead scope="col">{t('loot.rarity')}</TableHead>
          <TableHead scope="col">{t('loot.player')}</TableHead>
          <TableHead scope="col" className="text-right">
            {t('loot.previousPosition')}
          </TableHead>
          <TableHead scope="col">{t('loot.note')}</TableHead>
          <TableHead scope="col">{t('loot.date')}</TableHead>
        </TableRow>
      </TableHeader>
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
            <TableCell className="min-w-40 max-w-xs break-words whitespace-pre-line">
              {row.notes ?? <EmptyValue />}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {/* Date and time: two receipts on one day must be told apart. */}
              <time dateTime={row.distributedAt}>{formatDateTime(row.distributedAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
