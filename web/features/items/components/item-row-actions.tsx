import { ListOrdered, MoreHorizontal, Pencil } from 'lucide-react'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { EditDeleteButtons } from '@web/components/edit-delete-buttons'
import { IconButton } from '@web/components/icon-button'
import { Button } from '@web/components/ui/button'
import { RowMenu, RowMenuItem } from '@web/components/row-menu'

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
        <IconButton
          icon={ListOrdered}
          label={t('actions.openQueueNamed', { name: item.name })}
          hint={t('actions.openQueue')}
          onClick={only(onOpenQueue)}
        />
        <EditDeleteButtons name={item.name} onEdit={only(onEdit)} onDelete={only(onDelete)} />
      </div>
      <div className="sm:hidden">
        <RowMenu
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('actions.itemMoreNamed', { name: item.name })}
              onClick={(event) => event.stopPropagation()}
            >
              <MoreHorizontal aria-hidden />
            </Button>
          }
          dangerLabel={t('actions.delete')}
          onDanger={onDelete}
        >
          <RowMenuItem onSelect={onOpenQueue}>
            <ListOrdered aria-hidden />
            {t('actions.openQueue')}
          </RowMenuItem>
          <RowMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            {t('actions.edit')}
          </RowMenuItem>
        </RowMenu>
      </div>
    </>
  )
}
