import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DisplayToggles } from '@web/components/layout/display-toggles'
import { ReadFailureAlert } from '@web/components/layout/read-failure-alert'
import { Alert, AlertDescription } from '@web/components/ui/alert'
import { Badge } from '@web/components/ui/badge'
import { buttonVariants } from '@web/components/ui/button'
import { Skeleton } from '@web/components/ui/skeleton'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { usePageTitle } from '@web/hooks/use-page-title'
import { ApiError } from '@web/lib/api-client'
import { useSandboxSession } from '../api/get-sandbox-session'
import { SandboxBanner } from './sandbox-banner'
import { SandboxCheckout } from './sandbox-checkout'
import { SandboxPortal } from './sandbox-portal'

/**
 * /billing/sandbox/:id — the embedded billing provider's checkout and portal (no Stripe key set). The server
 * sends the subscription screen and the users page here instead of to Stripe.
 */
export function SandboxPage({ id }: { id: string }) {
  const { t } = useTranslation('subscription')
  usePageTitle(t('sandboxPage.title'))
  const session = useSandboxSession(id)
  const status = session.error instanceof ApiError ? session.error.status : null
  const failure = session.error && status !== 404 && status !== 401 ? session.error : null

  useErrorToast(failure, t('sandboxPage.errors.load'))

  return (
    <div className="min-h-svh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-2xl items-center justify-between gap-2 px-4">
          <span className="flex items-center gap-2 font-bold tracking-tight">
            {t('sandboxPage.brand')}
            <Badge variant="warning">{t('sandbox.badge')}</Badge>
          </span>
          <DisplayToggles />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-2xl gap-6 p-4 md:p-6">
        <h1 className="text-2xl font-bold tracking-tight">
          {session.data?.kind === 'portal'
            ? t('sandboxPage.portal.heading')
            : t('sandboxPage.checkout.heading')}
        </h1>
        <SandboxBanner />
        {status === 404 || status === 401 ? (
          <Alert variant="destructive">
            <h2 className="mb-1 font-medium leading-none tracking-tight">
              {status === 404 ? t('sandboxPage.notFound.title') : t('sandboxPage.signedOut.title')}
            </h2>
            <AlertDescription className="grid gap-3">
              <p>
                {status === 404
                  ? t('sandboxPage.notFound.description')
                  : t('sandboxPage.signedOut.description')}
              </p>
              <Link
                to={status === 404 ? '/dashboard/subscription' : '/auth'}
                className={buttonVariants({ variant: 'outline', size: 'sm', className: 'w-fit' })}
              >
                {status === 404 ? t('sandboxPage.notFound.action') : t('sandboxPage.signedOut.action')}
              </Link>
            </AlertDescription>
          </Alert>
        ) : failure ? (
          <ReadFailureAlert
            error={failure}
            title={t('sandboxPage.errors.load')}
            onRetry={() => void session.refetch()}
          />
        ) : !session.data ? (
          <Skeleton className="h-64 w-full" aria-busy="true" />
        ) : session.data.kind === 'portal' ? (
          <SandboxPortal session={session.data} />
        ) : (
          <SandboxCheckout session={session.data} />
        )}
      </main>
    </div>
  )
}
