import { useTranslation } from 'react-i18next'
import type { Invitation } from '@contract/members'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { runWithToast } from '@web/lib/error-handler'
import { useCancelInvitation } from '../api/cancel-invitation'

type Props = { invitation: Invitation | null; onClose: () => void }

export function CancelInvitationDialog({ invitation, onClose }: Props) {
  const { t } = useTranslation('users')
  const cancel = useCancelInvitation()
  return (
    <ConfirmDialog
      open={invitation !== null}
      title={t('cancelInvite.title')}
      description={t('cancelInvite.description', { email: invitation?.email ?? '' })}
      cancelLabel={t('cancelInvite.keep')}
      confirmLabel={t('cancelInvite.confirm')}
      busy={cancel.isPending}
      onConfirm={async () =>
        invitation !== null &&
        runWithToast(
          () => cancel.mutateAsync(invitation.id),
          t('toast.inviteCancelled'),
          t('toast.cancelError'),
        )
      }
      onClose={onClose}
    />
  )
}
