import { useTranslation } from 'react-i18next'
import type { Member } from '@contract/members'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { runWithToast } from '@web/lib/error-handler'
import { useRemoveMember } from '../api/remove-member'

type Props = { member: Member | null; onClose: () => void }

export function RemoveMemberDialog({ member, onClose }: Props) {
  const { t } = useTranslation('users')
  const remove = useRemoveMember()
  const names = { name: member?.displayName ?? '', email: member?.email ?? '' }
  return (
    <ConfirmDialog
      open={member !== null}
      title={t('remove.title', names)}
      description={t('remove.description', names)}
      confirmLabel={t('remove.confirm')}
      busy={remove.isPending}
      onConfirm={async () =>
        member !== null &&
        runWithToast(() => remove.mutateAsync(member.id), t('toast.removed'), t('toast.removeError'))
      }
      onClose={onClose}
    />
  )
}
