import { Shield } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { DataTable } from '@web/components/data-table'
import { Badge } from '@web/components/ui/badge'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Switch } from '@web/components/ui/switch'
import { cn } from '@web/lib/cn'
import { useRanks } from '@web/lib/ranks'
import { ItemRowActions } from './item-row-actions'
import { RarityBadge } from '@web/components/rarity-badge'

/**
 * "Raider and above": the item's minimum rank (docs/decisions/018-ranks.md), its words for screen readers
 * too. Nothing for an item without one, or a minimum not (yet) among the ranks read.
 */
function MinRankBadge({ name }: { name: string }) {
  const { t } = useTranslation('items')
  return (
    <Badge
      variant="outline"
      className="max-w-full"
      title={t('table.minRankFromLabel', { rank: name })}
      data-testid="min-rank"
    >
      <Shield aria-hidden />
      <span className="sr-only">{t('table.minRankFromLabel', { rank: name })}</span>
      <span aria-hidden className="truncate">
        {t('table.minRankFrom', { rank: name })}
      </span>
    </Badge>
  )
}

type Props = {
  items: Item[]
  selectedId: string | null
  onSelect: (item: Item) => void
  onOpenQueue: (item: Item) => void
  onToggleVisible: (item: Item, visible: boolean) => void
  onEdit: (item: Item) => void
  onDelete: (item: Item) => void
}

export function ItemsTable({
  items,
  selectedId,
  onSelect,
  onOpenQueue,
  onToggleVisible,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useTranslation('items')
  // The guild's ranks name each item's minimum; a guild without ranks gets no column.
  const ranks = useRanks().data ?? []
  const rankName = new Map(ranks.map((rank) => [rank.id, rank.name]))
  const minRankOf = (item: Item) => (item.minRankId ? rankName.get(item.minRankId) : undefined)
  const minRankColumn = {
    label: t('table.minRank'),
    className: 'hidden sm:table-cell',
    cell: (item: Item) => {
      const name = minRankOf(item)
      return name ? (
        <MinRankBadge name={name} />
      ) : (
        <span className="text-xs text-muted-foreground">{t('table.minRankAnyone')}</span>
      )
    },
  }
  return (
    <DataTable
      label={t('table.caption')}
      rows={items}
      rowProps={(item) => {
        const selected = item.id === selectedId
        return {
          'data-state': selected ? 'selected' : undefined,
          className: cn('cursor-pointer', selected && 'bg-muted'),
          onClick: () => onSelect(item),
        }
      }}
      columns={[
        {
          label: t('table.name'),
          cellClassName: 'max-w-40 sm:max-w-72',
          cell: (item) => (
            <>
              {/* The row is clickable for the mouse; this button makes selection reachable by keyboard. */}
              <button
                type="button"
                aria-pressed={item.id === selectedId}
                className="block max-w-full truncate rounded-sm text-left font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={(event) => {
                  event.stopPropagation()
                  onSelect(item)
                }}
              >
                {item.name}
              </button>
              {item.description && (
                <p className="truncate text-xs text-muted-foreground">{item.description}</p>
              )}
              {/* On a phone, rarity, minimum rank and queue size move under the name so the table fits. */}
              <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                {item.rarity && <RarityBadge rarity={item.rarity} />}
                {minRankOf(item) && <MinRankBadge name={minRankOf(item)!} />}
                <span className="text-xs text-muted-foreground">
                  {t('queues.inQueue', { count: item.queueCount })}
                </span>
              </div>
            </>
          ),
        },
        {
          label: t('table.rarity'),
          className: 'hidden sm:table-cell',
          cell: (item) => <RarityBadge rarity={item.rarity} />,
        },
        {
          label: t('table.type'),
          className: 'hidden lg:table-cell',
          cellClassName: 'text-muted-foreground',
          cell: (item) => item.itemType ?? <EmptyValue />,
        },
        ...(ranks.length > 0 ? [minRankColumn] : []),
        {
          label: t('table.queue'),
          className: 'hidden text-center sm:table-cell',
          cellClassName: 'tabular-nums',
          cell: (item) => item.queueCount,
        },
        {
          label: t('table.public'),
          className: 'text-center',
          cell: (item) => (
            <Switch
              checked={item.isPublicVisible}
              aria-label={t('table.publicToggle', { name: item.name })}
              onClick={(event) => event.stopPropagation()}
              onCheckedChange={(checked) => onToggleVisible(item, checked)}
            />
          ),
        },
        {
          label: t('table.actions'),
          className: 'text-right',
          cellClassName: 'whitespace-nowrap',
          cell: (item) => (
            <ItemRowActions
              item={item}
              onOpenQueue={() => onOpenQueue(item)}
              onEdit={() => onEdit(item)}
              onDelete={() => onDelete(item)}
            />
          ),
        },
      ]}
    />
  )
}
