import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { currentLanguage } from '@web/lib/i18n'
import { type SitePage, sitePath } from '@web/lib/site-language'

const linkClass =
  'rounded-sm text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/**
 * Under a sign-up's submit button: creating the account accepts the Terms and the Privacy Policy (the Terms
 * say so, web/locales/pt/legal.json), each linked in the reader's language. They open in a new tab, so what
 * was typed in the form stays.
 */
export function TermsConsent() {
  const { t } = useTranslation('auth')
  const language = currentLanguage()
  const newTab = <span className="sr-only"> {t('consent.newTab')}</span>
  const link = (page: SitePage) => (
    <Link to={sitePath(page, language)} target="_blank" rel="noopener" className={linkClass} />
  )
  return (
    <p className="text-center text-xs text-muted-foreground" data-testid="terms-consent">
      <Trans
        t={t}
        i18nKey="consent.text"
        components={{ terms: link('/terms'), privacy: link('/privacy'), newTab }}
      />
    </p>
  )
}
