import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { Button } from '@web/components/ui/button'

/**
 * The error boundary of every route (web/app/routes.tsx): a friendly screen, in the reader's language, instead
 * of a blank page. What broke goes to the console, never to the screen: a raw "Invalid time value" in English
 * told a Portuguese officer nothing (an outside test, 2026-12-07).
 */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation('common')
  useEffect(() => {
    console.error('A screen failed to render:', error)
  }, [error])
  return (
    <main
      data-route-error
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold">{t('unexpectedError.title')}</h1>
      <p className="text-muted-foreground">{t('unexpectedError.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('unexpectedError.reload')}</Button>
    </main>
  )
}
