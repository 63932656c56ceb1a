import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Member } from '@contract/members'
import { handleError } from '@web/lib/error-handler'
import { useSetMemberActive } from '../api/set-member-active'

/**
 * A member's access: `activate` runs at once (it gives access back and takes nothing away); `deactivate` is the
 * change a ConfirmRowDialog asks about first ("users:deactivate"), since it signs the member out everywhere at
 * once (outside testers, 2026-12-07: it ran at the first click while removing asked).
 */
export function useToggleActive() {
  const { t } = useTranslation('users')
  const setActive = useSetMemberActive()
  const activate = (member: Member) =>
    setActive.mutate(
      { id: member.id, active: true },
      {
        onSuccess: () => toast.success(t('toast.activated')),
        onError: (error) => handleError(error, t('toast.statusError')),
      },
    )
  const deactivate = {
    mutateAsync: (id: string) => setActive.mutateAsync({ id, active: false }),
    isPending: setActive.isPending,
  }
  return { activate, deactivate, busyId: setActive.isPending ? (setActive.variables?.id ?? null) : null }
}
