import { useTranslation } from 'react-i18next'
import type { Player } from '@contract/players'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { runWithToast } from '@web/lib/error-handler'
import { useDeletePlayer } from '../api/delete-player'

type Props = { player: Player | null; onClose: () => void }

export function DeletePlayerDialog({ player, onClose }: Props) {
  const { t } = useTranslation('players')
  const remove = useDeletePlayer()
  return (
    <ConfirmDialog
      open={player !== null}
      title={t('delete.title')}
      description={t('delete.description', { name: player?.name ?? '' })}
      confirmLabel={t('delete.confirm')}
      busy={remove.isPending}
      onConfirm={async () =>
        player !== null &&
        runWithToast(() => remove.mutateAsync(player.id), t('toast.deleted'), t('toast.deleteError'))
      }
      onClose={onClose}
    />
  )
}
