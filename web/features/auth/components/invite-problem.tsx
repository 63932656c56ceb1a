import { CircleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { ApiError } from '@web/lib/api-client'

/** Each way an invite link can fail, with its own title and text (docs/product-rules.md, "Screens"). */
export type InviteProblemKind =
  | 'INVITE_INVALID'
  | 'INVITE_USED'
  | 'INVITE_REPLACED'
  | 'INVITE_EXPIRED'
  | 'INVITE_UNAVAILABLE'
  | 'lookupFailed'

const KNOWN = ['INVITE_INVALID', 'INVITE_USED', 'INVITE_REPLACED', 'INVITE_EXPIRED', 'INVITE_UNAVAILABLE']

/** What an answer about an invite means; null when it is not about the invite (e.g. a weak password). */
export function inviteProblemOf(error: unknown, { lookup }: { lookup: boolean }): InviteProblemKind | null {
  if (error instanceof ApiError) {
    if (KNOWN.includes(error.code)) return error.code as InviteProblemKind
    // A token that is not even shaped like one (the link was cut or edited) does not exist either.
    if (lookup && error.status >= 400 && error.status < 500 && error.status !== 429) return 'INVITE_INVALID'
  }
  return lookup ? 'lookupFailed' : null
}

type Props = { kind: InviteProblemKind; onRetry?: () => void; onWithoutInvite: () => void }

export function InviteProblem({ kind, onRetry, onWithoutInvite }: Props) {
  const { t } = useTranslation('auth')
  return (
    <div className="grid gap-4">
      <Alert
        variant={kind === 'INVITE_EXPIRED' ? 'warning' : 'destructive'}
        data-testid={`invite-problem-${kind}`}
      >
        <CircleAlert aria-hidden className="size-4" />
        <AlertTitle>{t(`invite.problems.${kind}.title`)}</AlertTitle>
        <AlertDescription>{t(`invite.problems.${kind}.text`)}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-2">
        {kind === 'lookupFailed' && onRetry && <Button onClick={onRetry}>{t('invite.retry')}</Button>}
        <Button variant="outline" onClick={onWithoutInvite}>
          {t('invite.withoutInvite')}
        </Button>
      </div>
    </div>
  )
}
