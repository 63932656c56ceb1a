import { Pencil, Trash2 } from 'lucide-react'
import type { MouseEventHandler } from 'react'
import { useTranslation } from 'react-i18next'
import { IconButton } from '@web/components/icon-button'

type Props = {
  /** What the row shows, read out with each button ("Edit Sword"). */
  name: string
  onEdit: MouseEventHandler<HTMLButtonElement>
  onDelete: MouseEventHandler<HTMLButtonElement>
}

/** A table row's icon buttons: edit, then delete. */
export function EditDeleteButtons({ name, onEdit, onDelete }: Props) {
  const { t } = useTranslation('common')
  return (
    <>
      <IconButton icon={Pencil} label={t('editNamed', { name })} hint={t('edit')} onClick={onEdit} />
      <IconButton
        icon={Trash2}
        destructive
        label={t('deleteNamed', { name })}
        hint={t('delete')}
        onClick={onDelete}
      />
    </>
  )
}
