import { ListOrdered, Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { Button } from '@web/components/ui/button'
import { Switch } from '@web/components/ui/switch'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table'
import { cn } from '@web/lib/cn'
import { RarityBadge } from './rarity-badge'

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
    <Table>
      <caption className="sr-only">{t('table.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('table.name')}</TableHead>
          <TableHead>{t('table.rarity')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('table.type')}</TableHead>
          <TableHead className="text-center">{t('table.queue')}</TableHead>
          <TableHead className="text-center">{t('table.public')}</TableHead>
          <TableHead className="text-right">{t('table.actions')}</TableHead>
        </TableRow>
      </TableHeader>
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
              </TableCell>
              <TableCell>
                <RarityBadge rarity={item.rarity} />
              </TableCell>
              <TableCell className="hidden text-muted-foreground md:table-cell">
                {item.itemType ?? t('table.noType')}
              </TableCell>
              <TableCell className="text-center tabular-nums">{item.queueCount}</TableCell>
              <TableCell className="text-center">
                <Switch
                  checked={item.isPublicVisible}
                  aria-label={t('table.publicToggle', { name: item.name })}
                  onClick={(event) => event.stopPropagation()}
                  onCheckedChange={(checked) => onToggleVisible(item, checked)}
                />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('actions.openQueueNamed', { name: item.name })}
                  title={t('actions.openQueue')}
                  onClick={(event) => {
                    event.stopPropagation()
                    onOpenQueue(item)
                  }}
                >
                  <ListOrdered aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('actions.editNamed', { name: item.name })}
                  title={t('actions.edit')}
                  onClick={(event) => {
                    event.stopPropagation()
                    onEdit(item)
                  }}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-destructive hover:text-destructive"
                  aria-label={t('actions.deleteNamed', { name: item.name })}
                  title={t('actions.delete')}
                  onClick={(event) => {
                    event.stopPropagation()
                    onDelete(item)
                  }}
                >
                  <Trash2 aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
