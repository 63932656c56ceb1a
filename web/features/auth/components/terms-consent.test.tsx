import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadTexts, mockFetch, renderRoutes } from '@web/test/render'
import { AuthPage } from './auth-page'

// Outside test G, defect 5: the Terms say creating an account accepts them and the Privacy Policy, so both
// sign-ups (a new guild's, an invitation's) say so under their button and link both, in the reader's language.

const TOKEN = 'tok_abc-123'
const texts = {
  pt: {
    line: 'Ao criar a conta, você aceita os Termos de uso (abre em nova aba) e a Política de privacidade (abre em nova aba).',
    terms: ['Termos de uso (abre em nova aba)', '/terms'],
    privacy: ['Política de privacidade (abre em nova aba)', '/privacy'],
  },
  en: {
    line: 'By creating an account, you accept the Terms of use (opens in a new tab) and the Privacy policy (opens in a new tab).',
    terms: ['Terms of use (opens in a new tab)', '/en/terms'],
    privacy: ['Privacy policy (opens in a new tab)', '/en/privacy'],
  },
} as const

const render = (initial: string) =>
  renderRoutes([{ path: '/auth', element: <AuthPage /> }], initial, { live: true })

describe.each(['pt', 'en'] as const)(
  'the sign-ups link the terms and the privacy policy (%s)',
  (language) => {
    const words = texts[language]

    it.each([
      ['a new guild', '/auth?tab=signup', 'signup-form'],
      ['an invitation', `/auth?invite=${TOKEN}`, 'invite-signup-form'],
    ])('%s: under the submit button, each opening in a new tab', async (_what, initial, formId) => {
      await loadTexts(['auth'], language)
      mockFetch((call) =>
        call.path === `/api/v1/invitations/lookup/${TOKEN}`
          ? { body: { email: 'bia@example.com', displayName: 'Bia Souza', guildName: 'Cavaleiros' } }
          : { body: null },
      )
      render(initial)
      const consent = await screen.findByTestId('terms-consent')
      expect(consent.closest('form')?.id).toBe(formId)
      const submit = within(consent.closest('form')!).getByRole('button', { name: /conta|account/i })
      // After the button: read once the form is filled, before or after pressing it.
      expect(submit.compareDocumentPosition(consent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(consent.textContent).toBe(words.line)
      // jsdom puts the accessible name together without the space before the hidden words (it is in the text).
      const squeezed = (text: string) => text.replace(/\s+/g, '')
      for (const [name, href] of [words.terms, words.privacy]) {
        const link = within(consent).getByRole('link', { name: (text) => squeezed(text) === squeezed(name) })
        expect(link.getAttribute('href')).toBe(href)
        expect(link.getAttribute('target')).toBe('_blank')
      }
    })
  },
)
