import { useTranslation } from 'react-i18next'
import type { SandboxSession } from '@contract/billing'
import { PendingButton } from '@web/components/pending-button'
import { SectionCard } from '@web/components/section-card'
import { Button } from '@web/components/ui/button'
import { CardFooter } from '@web/components/ui/card'
import { handleError } from '@web/lib/error-handler'
import { formatDate } from '@web/lib/format'
import { type Settlement, useSettleSandboxSession } from '../api/settle-sandbox-session'
import { sessionAmount } from '../session-format'
import { SessionSummary } from './session-summary'
import { leavePage } from '@web/lib/leave-page'

/**
 * The pay button's label names the first charge's date ("Assinar (primeira cobrança em 10/12/2026)"): on a
 * 390 px phone it is wider than the card, so it wraps (buttons keep one line by default) and grows in height
 * instead of pushing the page sideways (outside test G, defect 4).
 */
const WRAPPING = 'h-auto min-h-9 w-full whitespace-normal text-center sm:w-auto'

/** The sandbox's stand-in for the provider's checkout page: Pagar or Cancelar, then back to the app. */
export function SandboxCheckout({ session }: { session: SandboxSession }) {
  const { t } = useTranslation('subscription')
  const settle = useSettleSandboxSession()
  const open = session.status === 'open'

  const finish = (outcome: Settlement) =>
    settle.mutate(
      { id: session.id, outcome },
      {
        onSuccess: () => leavePage(outcome === 'pay' ? session.returnUrl : session.cancelUrl),
        onError: (error) => handleError(error, t('sandboxPage.errors.settle')),
      },
    )

  return (
    <SectionCard
      title={t('sandboxPage.checkout.title')}
      description={
        open ? t('sandboxPage.checkout.description') : t(`sandboxPage.checkout.done.${session.status}`)
      }
      footer={
        <CardFooter className="flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {open ? (
            <>
              <PendingButton
                variant="outline"
                className="w-full sm:w-auto"
                disabled={settle.isPending}
                pending={settle.isPending && settle.variables?.outcome === 'cancel'}
                onClick={() => finish('cancel')}
              >
                {t('sandboxPage.checkout.cancel')}
              </PendingButton>
              <PendingButton
                className={WRAPPING}
                disabled={settle.isPending}
                pending={settle.isPending && settle.variables?.outcome === 'pay'}
                aria-busy={settle.isPending && settle.variables?.outcome === 'pay'}
                onClick={() => finish('pay')}
              >
                {session.firstChargeAt
                  ? t('sandboxPage.checkout.payTrial', { date: formatDate(session.firstChargeAt) })
                  : t('sandboxPage.checkout.pay', { amount: sessionAmount(session) })}
              </PendingButton>
            </>
          ) : (
            <Button
              className="w-full sm:w-auto"
              onClick={() => leavePage(session.status === 'paid' ? session.returnUrl : session.cancelUrl)}
            >
              {t('sandboxPage.back')}
            </Button>
          )}
        </CardFooter>
      }
    >
      <SessionSummary session={session} />
      {open && session.firstChargeAt && (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="sandbox-first-charge">
          {t('sandboxPage.checkout.firstCharge', {
            amount: sessionAmount(session),
            date: formatDate(session.firstChargeAt),
          })}
        </p>
      )}
    </SectionCard>
  )
}
