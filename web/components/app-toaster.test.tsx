import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import { loadTexts, stubViewport } from '@web/test/render'
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

// An outside tester (2026-12-06): at the bottom right, toasts lay over the queue rows' "Received", "Absent" and
// "More" (a row's actions sit at its right end) for 4 s after each award. On a phone they stay at the top.
describe('where the toasts open', () => {
  afterEach(() => {
    toast.dismiss()
  })

  const toaster = async () => {
    await loadTexts([], 'pt')
    render(<AppToaster />)
    act(() => {
      toast('Salvo')
    })
    await screen.findByText('Salvo')
    const list = document.querySelector('[data-sonner-toaster]') as HTMLElement
    return [list.dataset.yPosition, list.dataset.xPosition]
  }

  it('on a wide screen, at the bottom left, away from the rows’ actions', async () => {
    stubViewport(false)
    expect(await toaster()).toEqual(['bottom', 'left'])
  })

  it('on a phone, at the top, below the header', async () => {
    stubViewport(true)
    expect(await toaster()).toEqual(['top', 'center'])
  })
})
