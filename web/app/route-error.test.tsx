import { screen } from '@testing-library/react'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, renderRoutes } from '@web/test/render'
import { routes } from './routes'

// An outside test (2026-12-07): a screen that threw showed "Unexpected Application Error!" and the raw "Invalid
// time value" in the Portuguese UI. The route table's error screen is in the reader's language, with nothing
// of the error on it; the error goes to the console.

const RAW = 'Invalid time value'

function Broken(): never {
  throw new RangeError(RAW)
}

const texts = {
  pt: {
    title: 'Algo deu errado',
    description:
      'Não foi possível exibir esta página. Recarregue para tentar de novo; o que você já salvou continua salvo.',
    reload: 'Recarregar',
  },
  en: {
    title: 'Something went wrong',
    description: 'This page could not be shown. Reload to try again; what you already saved is still saved.',
    reload: 'Reload',
  },
} as const

afterAll(() => loadTexts([], 'pt'))

describe.each(['pt', 'en'] as const)('a screen that throws (%s)', (language) => {
  it("shows the route table's error screen, translated, without the error's own text", async () => {
    await loadTexts([], language)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The app's root route (its error screen) around a screen that throws while rendering.
    const { errorElement, hydrateFallbackElement } = routes[0]!
    renderRoutes(
      [{ errorElement, hydrateFallbackElement, children: [{ path: '*', element: <Broken /> }] }],
      '/dashboard/events',
    )
    const words = texts[language]
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(words.title)
    expect(screen.getByText(words.description)).toBeTruthy()
    expect(screen.getByRole('button', { name: words.reload })).toBeTruthy()
    const shown = document.body.textContent ?? ''
    expect(shown).not.toContain(RAW)
    expect(shown).not.toMatch(/unexpected|application error|error!/i)
    // Nothing of the other language on the screen.
    const other = texts[language === 'pt' ? 'en' : 'pt']
    for (const text of Object.values(other)) expect(shown).not.toContain(text)
    // The technical message is kept for whoever looks at the console.
    expect(logged.mock.calls.some((call) => call.some((arg) => arg instanceof RangeError))).toBe(true)
    logged.mockRestore()
  })
})
