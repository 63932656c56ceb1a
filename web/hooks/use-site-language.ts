import { useEffect } from 'react'
import { useLocation } from 'react-router'
import type { Language } from '@contract/enums'
import { currentLanguage, setLanguage, wantedLanguage } from '@web/lib/i18n'
import { siteLanguageOf, sitePath } from '@web/lib/site-language'

/**
 * The language of the public site's page on screen (its address says it: /en/… is English) and its links'
 * addresses in that language: `path('/faq')` is '/en/faq' on an English page.
 */
export function useSiteLanguage(): { language: Language; path: (page: string) => string } {
  const { pathname } = useLocation()
  const language = siteLanguageOf(pathname) ?? currentLanguage()
  return { language, path: (page) => sitePath(page, language) }
}

/**
 * Keeps the texts in the address's language when it changes under the page (back and forward between the
 * two languages' addresses), and keeps it as the visitor's choice, which sign-in and the dashboard use.
 */
export function useFollowSiteLanguage() {
  const { language } = useSiteLanguage()
  useEffect(() => {
    // Against the language being loaded too: going back while the other language's texts still load must
    // still end in the address's language.
    if (language !== wantedLanguage()) void setLanguage(language)
  }, [language])
}
