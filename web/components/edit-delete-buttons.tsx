import { Pencil, Trash2 } from 'lucide-react'
import type { MouseEventHandler } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'

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
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('editNamed', { name })}
        title={t('edit')}
        onClick={onEdit}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={t('deleteNamed', { name })}
        title={t('delete')}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </>
  )
}
