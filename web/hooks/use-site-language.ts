import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { Language } from '@contract/enums'
import { currentLanguage, showLanguage, wantedLanguage } from '@web/lib/i18n'
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
 * two languages' addresses). Shown, not kept: the visitor's choice is what they picked in the language menu.
 */
export function useFollowSiteLanguage() {
  const { language } = useSiteLanguage()
  // The texts' language is a dependency too: when the menu's choice finishes loading after the address went
  // back to the other language (before React even drew the menu's address), the address still wins.
  const shown = useTranslation().i18n.language
  useEffect(() => {
    // Against the language being loaded too: going back while the other language's texts still load must
    // still end in the address's language.
    if (language === shown || language === wantedLanguage()) return
    void showLanguage(language)
  }, [language, shown])
}
