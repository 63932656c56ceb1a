import { useState } from 'react'
import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import type { SandboxSession } from '@contract/billing'
import { Detail } from '@web/components/detail'
import { SectionCard } from '@web/components/section-card'
import { PendingButton } from '@web/components/pending-button'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { CardFooter } from '@web/components/ui/card'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { formatDate } from '@web/lib/format'
import { handleError } from '@web/lib/error-handler'
import { type PortalAction, useRunPortalAction } from '../api/run-portal-action'
import { statusKey } from '../session-format'
import { leavePage } from '@web/lib/leave-page'

// Which portal action makes sense in which state (a scheduled cancellation: `scheduled`); the server refuses
// the others as well.
const ACTIONS: {
  action: PortalAction
  key: string
  allowed: (status: string, scheduled: boolean) => boolean
  destructive?: boolean
}[] = [
  { action: 'fail_payment', key: 'failPayment', allowed: (s, scheduled) => s === 'active' && !scheduled },
  { action: 'recover_payment', key: 'recoverPayment', allowed: (s) => s === 'past_due' },
  { action: 'resume_subscription', key: 'resume', allowed: (_s, scheduled) => scheduled },
  {
    action: 'cancel_subscription',
    key: 'cancel',
    allowed: (s, scheduled) => (s === 'active' && !scheduled) || s === 'past_due',
    destructive: true,
  },
]

/** The sandbox's stand-in for the provider's billing portal: the current status and what can change it. */
export function SandboxPortal({ session }: { session: SandboxSession }) {
  const { t } = useTranslation('subscription')
  const run = useRunPortalAction(session.id)
  const status = statusKey(session.subscriptionStatus)
  const scheduled = session.cancelAt !== null
  // Cancelling is asked first, and says what it does (Pro until the paid period's end, no refund).
  const [confirming, setConfirming] = useState(false)

  const perform = (action: PortalAction, key: string) =>
    run.mutate(action, {
      onSuccess: () => toast.success(t(`sandboxPage.portal.done.${key}`)),
      onError: (error) => handleError(error, t('sandboxPage.errors.portal')),
    })

  return (
    <SectionCard
      title={t('sandboxPage.portal.title')}
      description={t('sandboxPage.portal.description')}
      footer={
        <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          {ACTIONS.map(({ action, key, allowed, destructive }) => (
            <PendingButton
              key={action}
              variant={destructive ? 'destructive' : 'outline'}
              // While one action runs, none other can start; only the one running spins.
              disabled={run.isPending || !allowed(status, scheduled)}
              pending={run.isPending && run.variables === action}
              aria-busy={run.isPending && run.variables === action}
              onClick={() => (action === 'cancel_subscription' ? setConfirming(true) : perform(action, key))}
            >
              {t(`sandboxPage.portal.actions.${key}`)}
            </PendingButton>
          ))}
          <Button variant="secondary" className="sm:ml-auto" onClick={() => leavePage(session.returnUrl)}>
            {t('sandboxPage.back')}
          </Button>
        </CardFooter>
      }
    >
      <dl className="grid gap-3 text-sm">
        <Detail layout="row" label={t('sandboxPage.summary.guild')} testId="sandbox-guild">
          {session.guildName}
        </Detail>
        <Detail layout="row" label={t('sandboxPage.portal.status')} valueClassName="">
          <Badge variant="outline" data-testid="sandbox-subscription-status">
            {t(`status.${status}`)}
          </Badge>
        </Detail>
        {session.cancelAt && (
          <Detail layout="row" label={t('sandboxPage.portal.cancelAt')} testId="sandbox-cancel-at">
            {formatDate(session.cancelAt)}
          </Detail>
        )}
      </dl>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('sandboxPage.portal.confirmCancel.title')}
        description={
          status === 'past_due'
            ? t('sandboxPage.portal.confirmCancel.descriptionNow')
            : t('sandboxPage.portal.confirmCancel.description', { date: formatDate(session.periodEnd) })
        }
        cancelLabel={t('sandboxPage.portal.confirmCancel.back')}
        confirmLabel={t('sandboxPage.portal.confirmCancel.confirm')}
        busy={run.isPending}
        onConfirm={() =>
          run
            .mutateAsync('cancel_subscription')
            .then(() => {
              toast.success(t('sandboxPage.portal.done.cancel'))
              return true
            })
            .catch((error) => {
              handleError(error, t('sandboxPage.errors.portal'))
              return false
            })
        }
      />
    </SectionCard>
  )
}
