import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { describe, expect, it } from 'vitest'
import { loadTexts } from '@web/test/render'
import { AppToaster } from './app-toaster'

// Sonner labels its region "Notifications alt+T" and the close button "Close toast" unless told otherwise:
// an outside test heard both in English on Portuguese pages (2026-12-06).
describe.each([
  ['pt', 'Notificações alt+T', 'Fechar notificação'],
  ['en', 'Notifications alt+T', 'Close notification'],
] as const)('the toasts (%s)', (language, region, close) => {
  it("names the toasts' region and each close button in the page's language", async () => {
    await loadTexts([], language)
    render(<AppToaster />)
    act(() => {
      toast('Salvo')
    })
    expect(await screen.findByRole('button', { name: close })).toBeTruthy()
    expect(screen.getByRole('region', { name: region })).toBeTruthy()
  })
})
