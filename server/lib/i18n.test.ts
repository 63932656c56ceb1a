import { describe, expect, it } from 'vitest'
import { acceptedLanguage } from './i18n'

describe('acceptedLanguage (Accept-Language with weights)', () => {
  it.each([
    ['en;q=0.1, pt;q=0.9', 'pt'],
    ['pt;q=0.2, en;q=0.8', 'en'],
    ['pt-BR', 'pt'],
    ['en-US,en;q=0.9', 'en'],
    // Equal weights: the first named wins.
    ['en;q=0.5, pt;q=0.5', 'en'],
    ['pt, en', 'pt'],
    // q=0 refuses a language; unsupported ones are skipped whatever their weight.
    ['en;q=0, pt;q=0.1', 'pt'],
    ['fr;q=1, de, en;q=0.3', 'en'],
    ['EN;Q=0.7, pt;q=0.6', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(acceptedLanguage(header)).toBe(expected)
  })

  it('is null when no supported language is acceptable', () => {
    expect(acceptedLanguage(undefined)).toBeNull()
    expect(acceptedLanguage('')).toBeNull()
    expect(acceptedLanguage('fr, de;q=0.5')).toBeNull()
    expect(acceptedLanguage('en;q=0, pt;q=0.000')).toBeNull()
    expect(acceptedLanguage('*')).toBeNull()
  })
})
