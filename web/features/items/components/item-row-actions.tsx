import { ListOrdered, MoreHorizontal, Pencil, Trash2 } from 'lucide-react'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { EditDeleteButtons } from '@web/components/edit-delete-buttons'
import { Button } from '@web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu'

type Props = { item: Item; onOpenQueue: () => void; onEdit: () => void; onDelete: () => void }

// The row itself selects the item on click; its buttons must not do that as well.
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation()
  action()
}

/** Three buttons where there is room; one menu on a phone, so the table fits 360 px. */
export function ItemRowActions({ item, onOpenQueue, onEdit, onDelete }: Props) {
  const { t } = useTranslation('items')
  return (
    <>
      <div className="hidden justify-end sm:flex">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('actions.openQueueNamed', { name: item.name })}
          title={t('actions.openQueue')}
          onClick={only(onOpenQueue)}
        >
          <ListOrdered aria-hidden />
        </Button>
        <EditDeleteButtons name={item.name} onEdit={only(onEdit)} onDelete={only(onDelete)} />
      </div>
      <div className="sm:hidden">
        {/* Not modal: its items open dialogs, and a modal menu closing under a dialog can leave the page inert. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('actions.itemMoreNamed', { name: item.name })}
              onClick={(event) => event.stopPropagation()}
            >
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={onOpenQueue}>
              <ListOrdered aria-hidden />
              {t('actions.openQueue')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden />
              {t('actions.edit')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={onDelete}>
              <Trash2 aria-hidden />
              {t('actions.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  )
}
