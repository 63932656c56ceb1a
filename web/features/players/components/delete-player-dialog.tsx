import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Player } from '@contract/players'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog'
import { handleError } from '@web/lib/error-handler'
import { useDeletePlayer } from '../api/delete-player'

type Props = { player: Player | null; onClose: () => void }

export function DeletePlayerDialog({ player, onClose }: Props) {
  const { t } = useTranslation('players')
  const remove = useDeletePlayer()

  const confirm = async () => {
    if (!player) return
    try {
      await remove.mutateAsync(player.id)
      toast.success(t('toast.deleted'))
      onClose()
    } catch (error) {
      handleError(error, t('toast.deleteError'))
    }
  }

  return (
    <AlertDialog open={player !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('delete.description', { name: player?.name ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('form.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closed dialog.
              event.preventDefault()
              void confirm()
            }}
          >
            {t('delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
