import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Me } from '@contract/accounts'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { buttonVariants } from '@web/components/ui/button'

/**
 * A failed renewal (past_due) locks the Pro features: every dashboard screen says so, and an admin gets the
 * way to the subscription screen, which has its own alert.
 */
export function PastDueAlert({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const { pathname } = useLocation()
  if (me.subscription?.status !== 'past_due' || pathname.startsWith('/dashboard/subscription')) return null
  const isAdmin = me.profile?.role === 'guild_admin'
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:px-6 md:pt-6">
      <Alert variant="warning" data-testid="past-due-alert">
        <AlertTriangle aria-hidden className="size-4" />
        <AlertTitle>{t('pastDue.title')}</AlertTitle>
        <AlertDescription className="flex flex-wrap items-center gap-3">
          <p>{isAdmin ? t('pastDue.admin') : t('pastDue.member')}</p>
          {isAdmin && (
            <Link to="/dashboard/subscription" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
              {t('pastDue.action')}
            </Link>
          )}
        </AlertDescription>
      </Alert>
    </div>
  )
}
