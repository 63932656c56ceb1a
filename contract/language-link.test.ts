import { describe, expect, it } from 'vitest'
import { linkInLanguage, linkLanguageOf } from './language-link'

describe("a link's language", () => {
  it('is added to an English link, after its query and before its fragment', () => {
    expect(linkInLanguage('https://lootqueue.example/auth?invite=abc', 'en')).toBe(
      'https://lootqueue.example/auth?invite=abc&lang=en',
    )
    expect(linkInLanguage('/dashboard/users', 'en')).toBe('/dashboard/users?lang=en')
    expect(linkInLanguage('/auth?verified=1#top', 'en')).toBe('/auth?verified=1&lang=en#top')
  })

  it('leaves a Portuguese link as it was: the default language has no mark', () => {
    expect(linkInLanguage('https://lootqueue.example/auth?invite=abc', 'pt')).toBe(
      'https://lootqueue.example/auth?invite=abc',
    )
  })

  it('is read back from a query, and only when it names a language of the app', () => {
    expect(linkLanguageOf('?mode=reset&lang=en&token=t')).toBe('en')
    expect(linkLanguageOf(new URL(linkInLanguage('https://x.example/auth?a=1', 'en')).search)).toBe('en')
    expect(linkLanguageOf('?lang=pt')).toBe('pt')
    expect(linkLanguageOf('?lang=fr')).toBeNull()
    expect(linkLanguageOf('?lang=')).toBeNull()
    expect(linkLanguageOf('')).toBeNull()
  })
})
