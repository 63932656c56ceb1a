import { screen } from '@testing-library/react'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { NotFoundPage } from './not-found-page'

// An outside test (2026-12-07): the 404 page read "404 / Oops! Page not found" in the Portuguese UI. Every word of
// it is in the reader's language (the server's 404 is this page prerendered in each: web/entry-server.tsx).

const texts = {
  pt: {
    title: 'Página não encontrada',
    message: 'O endereço não existe ou mudou. Confira o link ou volte para o início.',
    home: 'Voltar para o início',
  },
  en: {
    title: 'Page not found',
    message: 'This address does not exist or has moved. Check the link or go back to the home page.',
    home: 'Back to home',
  },
} as const

afterAll(() => loadTexts([], 'pt'))

describe.each(['pt', 'en'] as const)('the 404 page (%s)', (language) => {
  it('says the page was not found in the reader’s language, with a link home', async () => {
    await loadTexts([], language)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderPage(<NotFoundPage />, '/qualquer')
    const words = texts[language]
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(words.title)
    expect(screen.getByText(words.message)).toBeTruthy()
    expect(screen.getByRole('link', { name: words.home }).getAttribute('href')).toBe(
      language === 'en' ? '/en' : '/',
    )
    const shown = document.body.textContent ?? ''
    expect(shown).not.toMatch(/oops/i)
    const other = texts[language === 'pt' ? 'en' : 'pt']
    for (const text of Object.values(other)) expect(shown).not.toContain(text)
  })
})
