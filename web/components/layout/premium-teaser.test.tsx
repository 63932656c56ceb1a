import { screen } from '@testing-library/react'
import { afterAll, describe, expect, it } from 'vitest'
import { me } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PremiumTeaser } from './premium-teaser'

const WORDS = {
  pt: {
    title: 'Eventos Premium',
    cta: 'Ver assinatura',
    ask: 'Peça ao administrador da guild para assinar.',
  },
  en: { title: 'Premium events', cta: 'See subscription', ask: 'Ask the guild administrator to subscribe.' },
} as const

function serveMe(role: 'guild_admin' | 'guild_member', language: 'pt' | 'en') {
  const who = me()
  who.profile = { ...who.profile!, role, language }
  mockApi(({ path }) => (path === '/me' ? { body: who } : undefined))
}

afterAll(() => loadTexts([], 'pt'))

describe('a Pro screen without Pro', () => {
  it.each(['pt', 'en'] as const)('leads an admin to the subscription screen (%s)', async (language) => {
    await loadTexts(['events', 'dashboard'], language)
    serveMe('guild_admin', language)
    renderPage(<PremiumTeaser ns="events" />)
    const link = await screen.findByRole('link', { name: WORDS[language].cta })
    expect(link.getAttribute('href')).toBe('/dashboard/subscription')
    expect(screen.getByRole('heading', { name: WORDS[language].title })).toBeTruthy()
  })

  it.each(['pt', 'en'] as const)(
    'tells a member to ask an admin, with no link to a screen they cannot use (%s)',
    async (language) => {
      await loadTexts(['events', 'dashboard'], language)
      serveMe('guild_member', language)
      renderPage(<PremiumTeaser ns="events" />)
      expect(await screen.findByText(WORDS[language].ask)).toBeTruthy()
      expect(screen.queryByRole('link')).toBeNull()
    },
  )
})
