import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type To } from 'react-router'
import { useSiteLanguage } from '@web/hooks/use-site-language'
import { mailto, SUPPORT_EMAIL } from '../site'
import { BrandMark } from './brand-mark'

const linkClass =
  'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">{children}</ul>
    </div>
  )
}

function ColumnLink({ to, children }: { to: To; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  )
}

/** Footer of every public page: product links, the legal pages and the support address. */
export function SiteFooter() {
  const { t } = useTranslation('landing')
  const { path } = useSiteLanguage()
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <BrandMark />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <Column title={t('footer.product')}>
          <ColumnLink to={{ pathname: path('/'), hash: '#features' }}>{t('nav.features')}</ColumnLink>
          <ColumnLink to={{ pathname: path('/'), hash: '#pricing' }}>{t('nav.pricing')}</ColumnLink>
          <ColumnLink to={path('/faq')}>{t('nav.faq')}</ColumnLink>
        </Column>
        <Column title={t('footer.legal')}>
          <ColumnLink to={path('/terms')}>{t('footer.terms')}</ColumnLink>
          <ColumnLink to={path('/privacy')}>{t('footer.privacy')}</ColumnLink>
          <ColumnLink to={path('/lgpd')}>{t('footer.lgpd')}</ColumnLink>
        </Column>
        <Column title={t('footer.support')}>
          <li>
            <a href={mailto()} className={`${linkClass} break-all`}>
              {SUPPORT_EMAIL}
            </a>
          </li>
        </Column>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
