import { describe, expect, it } from 'vitest'
import { routePatterns } from '@web/app/routes'
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

  it('has a route for every address of the site in both languages, and the table lists them for the server', () => {
    const patterns = routePatterns()
    for (const page of SITE_PAGES) {
      expect(patterns).toContain(sitePath(page, 'pt'))
      expect(patterns).toContain(sitePath(page, 'en'))
    }
    expect(patterns).toContain('/dashboard')
    expect(patterns).toContain('/dashboard/players/:id')
    expect(patterns).toContain('/guilds/:slug/players/:playerId')
    expect(patterns).not.toContain('*')
  })
})
