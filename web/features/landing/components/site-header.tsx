import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { LanguageToggle } from '@web/components/layout/language-toggle'
import { ThemeToggle } from '@web/components/layout/theme-toggle'
import { sitePageOf, sitePath } from '@web/lib/site-language'
import { Badge } from '@web/components/ui/badge'
import { Button, buttonVariants } from '@web/components/ui/button'
import { useSiteLanguage } from '@web/hooks/use-site-language'
import { SIGN_IN_PATH, SIGN_UP_PATH } from '../site'
import { BrandMark } from './brand-mark'

const navLink = buttonVariants({ variant: 'ghost', size: 'sm', className: 'text-muted-foreground' })

/** Header of every public page: logo, section links, language and theme, sign-in and sign-up. */
export function SiteHeader() {
  const { t } = useTranslation(['landing', 'common'])
  const { path } = useSiteLanguage()
  const navigate = useNavigate()
  const { pathname, hash } = useLocation()
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Link
          to={path('/')}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark wordClassName="max-[419px]:sr-only" />
          <span className="sr-only">, {t('brand.home')}</span>
        </Link>
        <Badge variant="secondary" className="hidden sm:inline-flex">
          {t('common:beta')}
        </Badge>
        <nav aria-label={t('nav.label')} className="ml-4 hidden items-center md:flex">
          <Link to={{ pathname: path('/'), hash: '#features' }} className={navLink}>
            {t('nav.features')}
          </Link>
          <Link to={{ pathname: path('/'), hash: '#pricing' }} className={navLink}>
            {t('nav.pricing')}
          </Link>
          <Link to={path('/faq')} className={navLink}>
            {t('nav.faq')}
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          {/* Each language has its own address: the menu goes to this page's. */}
          <LanguageToggle
            onChange={(language) => navigate(sitePath(sitePageOf(pathname), language) + hash)}
          />
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm">
            <Link to={SIGN_IN_PATH}>{t('nav.signIn')}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={SIGN_UP_PATH}>{t('nav.signUp')}</Link>
          </Button>
        </div>
      </div>
    </header>
  )
}
