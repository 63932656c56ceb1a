import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { FORGOT_PASSWORD_PARAM } from '@contract/accounts'
import { isSessionEndReason, type SessionEndReason } from '@contract/session-end'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'

export type Notice =
  | { kind: 'sessionEnded'; reason: SessionEndReason }
  | { kind: 'verified' }
  | { kind: 'verifyFailed' }
  | { kind: 'resetLinkInvalid' }
  | { kind: 'resetDone' }
  | { kind: 'checkEmail'; email: string }
  | { kind: 'inviteAccepted' }
  | { kind: 'forgotPassword' }

/** The notices only an action on this screen leads to (noticeFromAddress makes none of them). */
const AFTER_ACTION: readonly Notice['kind'][] = ['checkEmail', 'inviteAccepted', 'resetDone']

/**
 * The one message the auth screen shows above the form, from the address or the last action. After an
 * action it takes the focus: the form that had it is gone (sign-up's tab closes), and a keyboard user goes
 * on from the message to the sign-in form under it instead of from the top of the page.
 */
export function AuthNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation('auth')
  const ref = useRef<HTMLDivElement>(null)
  const afterAction = AFTER_ACTION.includes(notice.kind)
  // Each new notice (a second sign-up makes a new one of the same kind) takes it again.
  useEffect(() => {
    if (AFTER_ACTION.includes(notice.kind)) ref.current?.focus()
  }, [notice])
  const good = ['verified', 'resetDone', 'checkEmail', 'inviteAccepted', 'forgotPassword'].includes(
    notice.kind,
  )
  const Icon = notice.kind === 'checkEmail' ? MailCheck : good ? CircleCheck : CircleAlert
  // A session that ended says why, calmly: a warning, not an error the person made.
  // An ended session is titled as the specification says ("Acesso removido"), its text says why.
  const texts =
    notice.kind === 'sessionEnded' ? `notices.sessionEnded.${notice.reason}` : `notices.${notice.kind}`
  const title = notice.kind === 'sessionEnded' ? 'notices.sessionEnded.title' : `${texts}.title`
  return (
    <Alert
      ref={ref}
      tabIndex={afterAction ? -1 : undefined}
      className={afterAction ? 'outline-none focus-visible:ring-2 focus-visible:ring-ring' : undefined}
      variant={notice.kind === 'resetLinkInvalid' ? 'destructive' : good ? 'default' : 'warning'}
      data-testid={notice.kind === 'sessionEnded' ? `notice-ended-${notice.reason}` : `notice-${notice.kind}`}
    >
      <Icon aria-hidden className="size-4" />
      <AlertTitle>{t(title)}</AlertTitle>
      <AlertDescription>
        {t(`${texts}.text`, { email: notice.kind === 'checkEmail' ? notice.email : '' })}
      </AlertDescription>
    </Alert>
  )
}

export function noticeFromAddress(params: URLSearchParams): Notice | null {
  // `?message=removed&reason=<why the session ended>` (contract/session-end.ts, web/lib/session.ts); a
  // `message=removed` alone is a removal, as every older link says.
  const message = params.get('message')
  const reason = message === 'removed' ? (params.get('reason') ?? message) : message
  if (isSessionEndReason(reason)) return { kind: 'sessionEnded', reason }
  if (params.get('verified')) return params.get('error') ? { kind: 'verifyFailed' } : { kind: 'verified' }
  if (params.get('mode') === 'reset' && params.get('error')) return { kind: 'resetLinkInvalid' }
  // The "reset password" link of the e-mail an account's owner gets when someone tries to sign up with their
  // address (server/modules/accounts/accounts.service.ts): the reset is asked for on the sign-in form.
  if (params.get(FORGOT_PASSWORD_PARAM)) return { kind: 'forgotPassword' }
  return null
}
