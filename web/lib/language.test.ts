import { afterEach, describe, expect, it } from 'vitest'
import { documentLanguage, takeLinkLanguage } from './language'

// An English e-mail's link opens its page in English in a browser that never chose a language
// (@contract/language-link): web/main.tsx starts in the language the address asks for, taken out of it.

const start = `${window.location.pathname}${window.location.search}`
afterEach(() => window.history.replaceState(null, '', start))

describe("a link's language as the page starts", () => {
  it('is read from the address and taken out of it, the rest of the address kept', () => {
    window.history.replaceState(null, '', '/auth?mode=reset&lang=en&token=abc-_123#form')
    expect(takeLinkLanguage()).toBe('en')
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/auth?mode=reset&token=abc-_123#form',
    )
    // Taken once: a reload follows the visitor's choice from then on.
    expect(takeLinkLanguage()).toBeNull()
  })

  it('is none without the parameter, the address untouched', () => {
    window.history.replaceState(null, '', '/auth?invite=abc')
    expect(takeLinkLanguage()).toBeNull()
    expect(window.location.search).toBe('?invite=abc')
  })

  it('is none for a language the app does not speak, which leaves the address all the same', () => {
    window.history.replaceState(null, '', '/dashboard/users?lang=fr')
    expect(takeLinkLanguage()).toBeNull()
    expect(window.location.search).toBe('')
  })
})

// A browser that never chose a language gets the page shell in the one the server read from its languages
// (Accept-Language); the page the browser draws alone starts in it (web/main.tsx), not in Portuguese under an
// English `lang`.
describe('the language the server answered the page in', () => {
  const shell = document.documentElement.lang
  afterEach(() => {
    document.documentElement.lang = shell
  })

  it("is read from <html lang>, as the server's locale tags say it", () => {
    document.documentElement.lang = 'en-US'
    expect(documentLanguage()).toBe('en')
    document.documentElement.lang = 'pt-BR'
    expect(documentLanguage()).toBe('pt')
  })

  it('is none for a tag the server does not write', () => {
    document.documentElement.lang = 'fr'
    expect(documentLanguage()).toBeNull()
    document.documentElement.lang = ''
    expect(documentLanguage()).toBeNull()
  })
})
