import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { useSiteLanguage } from '@web/hooks/use-site-language'
import { sitePath } from '@web/lib/site-language'

export function NotFoundPage() {
  const { t } = useTranslation('common')
  const location = useLocation()
  usePageTitle(t('notFound.title'), t('notFound.message'))
  const { language } = useSiteLanguage()
  useEffect(() => {
    // The miss is logged to the console (docs/product-rules.md, "Screens").
    console.warn('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      {/* The status as a number, the same in both languages; the heading says it in words. */}
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.message')}</p>
      <Link to={sitePath('/', language)} className={buttonVariants({ variant: 'link' })}>
        {t('notFound.home')}
      </Link>
    </main>
  )
}
