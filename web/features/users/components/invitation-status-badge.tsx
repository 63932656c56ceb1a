import { useTranslation } from 'react-i18next'
import type { Invitation } from '@contract/members'
import { Badge } from '@web/components/ui/badge'

// Tinted badges that keep WCAG AA contrast on both themes (as the players' status badge does).
const TONE = {
  pending: 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  accepted: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  expired: '',
} as const

/** Pending past its expiry reads as expired: the link no longer works, though the slot stays taken. */
export function invitationState(invitation: Invitation): keyof typeof TONE {
  if (invitation.status === 'accepted') return 'accepted'
  return invitation.isExpired ? 'expired' : 'pending'
}

export function InvitationStatusBadge({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('users')
  const state = invitationState(invitation)
  return (
    <Badge variant={state === 'expired' ? 'secondary' : 'outline'} className={TONE[state] || undefined}>
      {t(`status.${state}`)}
    </Badge>
  )
}
