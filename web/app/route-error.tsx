import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Button } from '@web/components/ui/button'

/** The error boundary of every route: a friendly screen instead of a blank page. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation('common')
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : ''
  return (
    <main
      data-route-error
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">{t('unexpectedError.title')}</h1>
      <p className="text-muted-foreground">{t('unexpectedError.description')}</p>
      {detail && <pre className="max-w-full overflow-auto rounded bg-muted p-2 text-xs">{detail}</pre>}
      <Button onClick={() => window.location.reload()}>{t('unexpectedError.reload')}</Button>
    </main>
  )
}
