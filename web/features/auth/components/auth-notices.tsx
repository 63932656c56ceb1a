import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'

export type Notice =
  | { kind: 'removed' }
  | { kind: 'verified' }
  | { kind: 'verifyFailed' }
  | { kind: 'resetLinkInvalid' }
  | { kind: 'resetDone' }
  | { kind: 'checkEmail'; email: string }
  | { kind: 'inviteAccepted' }

/** The one message the auth screen shows above the form, from the address or the last action. */
export function AuthNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation('auth')
  const good = ['verified', 'resetDone', 'checkEmail', 'inviteAccepted'].includes(notice.kind)
  const Icon = notice.kind === 'checkEmail' ? MailCheck : good ? CircleCheck : CircleAlert
  return (
    <Alert
      variant={
        notice.kind === 'removed' || notice.kind === 'resetLinkInvalid'
          ? 'destructive'
          : good
            ? 'default'
            : 'warning'
      }
      data-testid={`notice-${notice.kind}`}
    >
      <Icon aria-hidden className="size-4" />
      <AlertTitle>{t(`notices.${notice.kind}.title`)}</AlertTitle>
      <AlertDescription>
        {t(`notices.${notice.kind}.text`, { email: notice.kind === 'checkEmail' ? notice.email : '' })}
      </AlertDescription>
    </Alert>
  )
}

export function noticeFromAddress(params: URLSearchParams): Notice | null {
  if (params.get('message') === 'removed') return { kind: 'removed' }
  if (params.get('verified')) return params.get('error') ? { kind: 'verifyFailed' } : { kind: 'verified' }
  if (params.get('mode') === 'reset' && params.get('error')) return { kind: 'resetLinkInvalid' }
  return null
}
