import { describe, expect, it } from 'vitest'
import { SITE_PAGES, siteLanguageOf, sitePageOf, sitePath } from './site-language'

describe("the public site's addresses per language", () => {
  it('puts English under /en and keeps Portuguese, the default, without a prefix', () => {
    expect(SITE_PAGES.map((page) => sitePath(page, 'pt'))).toEqual([
      '/',
      '/faq',
      '/terms',
      '/privacy',
      '/lgpd',
    ])
    expect(SITE_PAGES.map((page) => sitePath(page, 'en'))).toEqual([
      '/en',
      '/en/faq',
      '/en/terms',
      '/en/privacy',
      '/en/lgpd',
    ])
  })

  it('reads the language and the page back from an address', () => {
    for (const page of SITE_PAGES) {
      for (const language of ['pt', 'en'] as const) {
        expect(siteLanguageOf(sitePath(page, language))).toBe(language)
        expect(sitePageOf(sitePath(page, language))).toBe(page)
      }
    }
    expect(siteLanguageOf('/auth')).toBeNull()
    expect(siteLanguageOf('/dashboard')).toBeNull()
  })
})
