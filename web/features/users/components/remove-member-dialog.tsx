import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Member } from '@contract/members'
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
import { useRemoveMember } from '../api/remove-member'

type Props = { member: Member | null; onClose: () => void }

export function RemoveMemberDialog({ member, onClose }: Props) {
  const { t } = useTranslation('users')
  const remove = useRemoveMember()
  const names = { name: member?.displayName ?? '', email: member?.email ?? '' }

  const confirm = async () => {
    if (!member) return
    try {
      await remove.mutateAsync(member.id)
      toast.success(t('toast.removed'))
      onClose()
    } catch (error) {
      handleError(error, t('toast.removeError'))
    }
  }

  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('remove.title', names)}</AlertDialogTitle>
          <AlertDialogDescription>{t('remove.description', names)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('remove.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closed dialog.
              event.preventDefault()
              void confirm()
            }}
          >
            {t('remove.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
