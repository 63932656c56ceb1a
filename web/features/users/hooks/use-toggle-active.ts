import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Member } from '@contract/members'
import { handleError } from '@web/lib/error-handler'
import { useSetMemberActive } from '../api/set-member-active'

/** Activates or deactivates a member at once: reversible, so no confirmation (reactivating restores access). */
export function useToggleActive() {
  const { t } = useTranslation('users')
  const setActive = useSetMemberActive()
  const run = (member: Member) => {
    const active = !member.isActive
    setActive.mutate(
      { id: member.id, active },
      {
        onSuccess: () =>
          active
            ? toast.success(t('toast.activated'))
            : toast.success(t('toast.deactivated'), {
                description: t('toast.deactivatedText', { name: member.displayName }),
              }),
        onError: (error) => handleError(error, t('toast.statusError')),
      },
    )
  }
  return { run, busyId: setActive.isPending ? (setActive.variables?.id ?? null) : null }
}
