import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PUBLIC_VISIBILITY, type PublicVisibility } from '@contract/public-visibility'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { PublicVisibilityCard } from './public-visibility-card'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// Issue 42: the guild page's "what the public sees" (the server's rules: public-visibility.test.ts).

function serve(saved: PublicVisibility = DEFAULT_PUBLIC_VISIBILITY) {
  let current = saved
  return mockApi(({ method, path, body }) => {
    if (path !== '/guild/public-visibility') return undefined
    if (method === 'PUT') current = body as PublicVisibility
    return { body: current }
  })
}

describe.each(['pt', 'en'] as const)('what the public sees (%s)', (language) => {
  const words = {
    pt: { notes: 'Notas', first: 'Só os primeiros lugares', how: 'Quantos lugares', save: 'Salvar' },
    en: { notes: 'Notes', first: 'Only the first places', how: 'How many places', save: 'Save' },
  }[language]

  it('lets an admin hide notes and show only the first places, and saves exactly that', async () => {
    await loadTexts(['guild'], language)
    const calls = serve()
    renderPage(<PublicVisibilityCard isAdmin />)
    const notes = await screen.findByRole('checkbox', { name: words.notes })
    const save = screen.getByRole('button', { name: words.save }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.click(notes)
    fireEvent.click(screen.getByRole('radio', { name: words.first }))
    const count = screen.getByRole('textbox', { name: words.how })
    fireEvent.change(count, { target: { value: '0' } })
    expect(count.getAttribute('aria-invalid')).toBe('true')
    expect(save.disabled).toBe(true)
    fireEvent.change(count, { target: { value: '5' } })
    fireEvent.click(save)
    await waitForToast(
      'success',
      { pt: 'Configurações da página pública salvas', en: 'Public page settings saved' }[language],
    )
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { ...DEFAULT_PUBLIC_VISIBILITY, showNotes: false, queueMode: 'first', queueFirst: 5 },
    ])
    await waitFor(() => expect(save.disabled).toBe(true))
  })

  // An outside test (2026-12-07): a double click on "Save" sent two PUTs and said "saved" twice.
  it('saves once on a double click', async () => {
    await loadTexts(['guild'], language)
    const calls = serve()
    renderPage(<PublicVisibilityCard isAdmin />)
    fireEvent.click(await screen.findByRole('checkbox', { name: words.notes }))
    const save = screen.getByRole('button', { name: words.save })
    // Both clicks before React draws the button disabled.
    act(() => {
      fireEvent.click(save)
      fireEvent.click(save)
    })
    await waitForToast('success', expect.any(String))
    // Time for a second request's answer to come back, had it been sent.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
    expect(toast.success).toHaveBeenCalledTimes(1)
  })

  it('shows a member the settings, read only, and the "view as the public" link', async () => {
    await loadTexts(['guild'], language)
    serve({ ...DEFAULT_PUBLIC_VISIBILITY, showCounters: false, queueMode: 'first', queueFirst: 3 })
    renderPage(<PublicVisibilityCard isAdmin={false} />)
    const summary = await screen.findByTestId('visibility-summary')
    expect(summary.textContent).toContain(
      { pt: 'Só os 3 primeiros lugares', en: 'Only the first 3 places' }[language],
    )
    expect(summary.textContent).toContain({ pt: 'oculto', en: 'hidden' }[language])
    expect(screen.queryByRole('checkbox')).toBeNull()
    const preview = screen.getByRole('link', {
      name: new RegExp({ pt: 'Ver como o público', en: 'View as the public' }[language]),
    })
    expect(preview.getAttribute('href')).toBe('/api/v1/guild/public-preview')
  })
})
