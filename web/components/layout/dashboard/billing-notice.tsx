import { Clock, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '@web/components/ui/alert'
import { buttonVariants } from '@web/components/ui/button'
import { useMe } from '@web/lib/session'
import { displayStatus } from '@web/lib/subscription-status'

/**
 * The dashboard home's word on the subscription, for admins only (they alone can act on it; docs/product-rules.md,
 * "Screens"): a live trial's days left in one line with the way to subscribe; an ended trial or a canceled
 * subscription in the words of the shell's dialog, which may have been put away ('Agora não'). Not dismissible:
 * it is one line, on one page, for at most 3 days, and the server draws this page for a returning admin
 * (docs/decisions/014-server-rendering.md), which a dismissal kept in the browser would make flash. past_due
 * shows nothing here: the shell's alert says it on every screen (past-due-alert.tsx).
 */
export function BillingNotice() {
  const { t } = useTranslation('dashboard')
  const me = useMe().data
  const subscription = me?.subscription
  if (!subscription || me.profile?.role !== 'guild_admin') return null
  const status = displayStatus(subscription)
  if (status === 'trialing') {
    return (
      <div
        data-testid="trial-notice"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-card px-4 py-2 text-sm"
      >
        <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        {/* The server's count (server/lib/subscription-state.ts), as the subscription and guild pages show it. */}
        <p className="font-medium">{t('billingNotice.trial', { count: subscription.daysRemaining })}</p>
        <Link
          to="/dashboard/subscription"
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('billingNotice.subscribe')}
        </Link>
      </div>
    )
  }
  if (status !== 'expired' && status !== 'canceled') return null
  const lapse = status === 'canceled' ? 'canceled' : 'trial'
  return (
    <Alert variant="destructive" data-testid="billing-ended-notice">
      <XCircle aria-hidden className="size-4" />
      {/* A level-2 heading: between the page's h1 and its cards' (axe heading-order). */}
      <h2 className="mb-1 font-medium leading-none tracking-tight">
        {t(`subscriptionDialog.${lapse}Title`)}
      </h2>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <p>{t(`subscriptionDialog.${lapse}Text`)}</p>
        <Link to="/dashboard/subscription" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          {t('subscriptionDialog.open')}
        </Link>
      </AlertDescription>
    </Alert>
  )
}
