import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Switch } from '@web/components/ui/switch'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { cn } from '@web/lib/cn'
import { ItemRowActions } from './item-row-actions'
import { RarityBadge } from '@web/components/rarity-badge'

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
  return (
    <Table label={t('table.caption')}>
      <TableColumns
        columns={[
          t('table.name'),
          { label: t('table.rarity'), className: 'hidden sm:table-cell' },
          { label: t('table.type'), className: 'hidden lg:table-cell' },
          { label: t('table.queue'), className: 'hidden text-center sm:table-cell' },
          { label: t('table.public'), className: 'text-center' },
          { label: t('table.actions'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {items.map((item) => {
          const selected = item.id === selectedId
          return (
            <TableRow
              key={item.id}
              data-state={selected ? 'selected' : undefined}
              className={cn('cursor-pointer', selected && 'bg-muted')}
              onClick={() => onSelect(item)}
            >
              <TableCell className="max-w-40 sm:max-w-72">
                {/* The row is clickable for the mouse; this button makes selection reachable by keyboard. */}
                <button
                  type="button"
                  aria-pressed={selected}
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
                {/* On a phone, rarity and queue size move under the name so the table fits. */}
                <div className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                  {item.rarity && <RarityBadge rarity={item.rarity} />}
                  <span className="text-xs text-muted-foreground">
                    {t('queues.inQueue', { count: item.queueCount })}
                  </span>
                </div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <RarityBadge rarity={item.rarity} />
              </TableCell>
              <TableCell className="hidden text-muted-foreground md:table-cell">
                {item.itemType ?? <EmptyValue />}
              </TableCell>
              <TableCell className="hidden text-center tabular-nums sm:table-cell">
                {item.queueCount}
              </TableCell>
              <TableCell className="text-center">
                <Switch
                  checked={item.isPublicVisible}
                  aria-label={t('table.publicToggle', { name: item.name })}
                  onClick={(event) => event.stopPropagation()}
                  onCheckedChange={(checked) => onToggleVisible(item, checked)}
                />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <ItemRowActions
                  item={item}
                  onOpenQueue={() => onOpenQueue(item)}
                  onEdit={() => onEdit(item)}
                  onDelete={() => onDelete(item)}
                />
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
