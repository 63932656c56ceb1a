import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Invitation } from '@contract/members'
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
import { useCancelInvitation } from '../api/cancel-invitation'

type Props = { invitation: Invitation | null; onClose: () => void }

export function CancelInvitationDialog({ invitation, onClose }: Props) {
  const { t } = useTranslation('users')
  const cancel = useCancelInvitation()

  const confirm = async () => {
    if (!invitation) return
    try {
      await cancel.mutateAsync(invitation.id)
      toast.success(t('toast.inviteCancelled'))
      onClose()
    } catch (error) {
      handleError(error, t('toast.cancelError'))
    }
  }

  return (
    <AlertDialog open={invitation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancelInvite.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('cancelInvite.description', { email: invitation?.email ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancelInvite.keep')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={cancel.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closed dialog.
              event.preventDefault()
              void confirm()
            }}
          >
            {t('cancelInvite.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
