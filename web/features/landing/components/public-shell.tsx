import type { ReactNode } from 'react'
import { SkipLink } from '@web/components/layout/skip-link'
import { useTranslation } from 'react-i18next'
import { ScrollRestoration } from 'react-router'
import { useHashFocus } from '../hooks/use-hash-focus'
import { useFollowSiteLanguage } from '@web/hooks/use-site-language'
import { registerLandingTexts } from '../landing-texts'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export const MAIN_ID = 'main-content'

/** Layout of the public pages (landing, FAQ, legal): skip link, header, main content, footer. */
export function PublicShell({ children }: { children: ReactNode }) {
  registerLandingTexts()
  const { t } = useTranslation('landing')
  useHashFocus()
  useFollowSiteLanguage()
  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink target={MAIN_ID}>{t('skipToContent')}</SkipLink>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      {/* New page → top; back → where you were; `/#pricing` → that section. */}
      <ScrollRestoration />
    </div>
  )
}
