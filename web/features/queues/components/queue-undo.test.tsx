import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, item, view, wholeQueue } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

// Issue 14, item 1: undo is offered only while there is something to undo, in the header and in the
// notice (the real sonner toaster, as a person sees it).

const texts = {
  pt: { received: 'Marcar Aria como recebido', undo: 'Desfazer', undone: 'Ação desfeita' },
  en: { received: 'Mark Aria as received', undo: 'Undo', undone: 'Action undone' },
} as const

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]
const undoButtons = (name: string) => screen.queryAllByRole('button', { name })

function serve(afterReceived: QueueView) {
  const a = afterReceived.entries.find((e) => e.playerName === 'Aria')!
  const start = view([{ ...a, attendanceStatus: 'pending', timesReceived: 0 }])
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: start }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'POST' && path === `/queue-entries/${a.id}/received`)
      return { body: wholeQueue({ ...afterReceived, version: 2 }) }
    if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
      return { body: wholeQueue({ ...start, version: 3 }) }
  })
}

afterEach(() => {
  // sonner keeps its toasts in a module-wide store: the next test starts without this one's.
  toast.dismiss()
})

describe.each(['pt', 'en'] as const)('undo (%s)', (language) => {
  const words = texts[language]

  it('after undoing from the header, neither the header nor the notice offers undo again', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const undo = { actionType: 'ITEM_RECEIVED', expiresAt: new Date(Date.now() + 600_000).toISOString() }
    const calls = serve(view([{ ...aria, attendanceStatus: 'received', timesReceived: 1 }], undo))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    // The notice and the header both offer the undo.
    await waitFor(() => expect(toasts()).toHaveLength(1))
    expect(within(toasts()[0]!).getByRole('button', { name: words.undo })).toBeTruthy()
    const header = screen
      .getAllByRole('button')
      .find((b) => b.textContent === words.undo && !b.closest('[data-sonner-toast]'))
    expect(header).toBeTruthy()

    fireEvent.click(header!)
    await waitFor(() => expect(toasts()[0]?.textContent).toContain(words.undone))
    expect(within(toasts()[0]!).queryByRole('button', { name: words.undo })).toBeNull()
    expect(undoButtons(words.undo)).toEqual([])
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/queue-entries/${aria.id}/received`,
      `/items/${ITEM_ID}/queue/undo`,
    ])
  })

  it('an action that left nothing to undo is announced without an undo button', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    serve(view([{ ...aria, attendanceStatus: 'received', timesReceived: 1 }], null))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(toasts()).toHaveLength(1))
    expect(within(toasts()[0]!).queryByRole('button', { name: words.undo })).toBeNull()
    expect(undoButtons(words.undo)).toEqual([])
  })
})
