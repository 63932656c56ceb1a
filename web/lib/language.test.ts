import { afterEach, describe, expect, it } from 'vitest'
import { takeLinkLanguage } from './language'

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
