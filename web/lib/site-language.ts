import { DEFAULT_LANGUAGE, type Language } from '@contract/enums'

// The public site's pages (landing, FAQ, legal) have an address per language: Portuguese, the default,
// without a prefix (/, /faq…), English under /en (/en, /en/faq…). The address decides the page's language,
// so a search engine and a shared link get the language they point to (issue 45).

export const SITE_PAGES = ['/', '/faq', '/terms', '/privacy', '/lgpd'] as const
export type SitePage = (typeof SITE_PAGES)[number]

const PREFIX: Record<Language, string> = { pt: '', en: '/en' }

/** The language an address of the public site is in (null: not one of the site's addresses). */
export function siteLanguageOf(pathname: string): Language | null {
  if (pathname === '/en' || pathname.startsWith('/en/')) return 'en'
  return (SITE_PAGES as readonly string[]).includes(pathname) ? DEFAULT_LANGUAGE : null
}

/** `page` ('/', '/faq'…) in `language`: '/faq' → '/en/faq', '/' → '/en'. */
export function sitePath(page: string, language: Language): string {
  const prefix = PREFIX[language]
  return page === '/' ? prefix || '/' : `${prefix}${page}`
}

/** The page an address of the site shows, whatever its language: '/en/faq' → '/faq', '/en' → '/'. */
export function sitePageOf(pathname: string): string {
  if (pathname === '/en') return '/'
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname
}
