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
  pt: {
    received: 'Marcar Aria como recebido',
    undo: 'Desfazer',
    undone: 'Ação desfeita',
    list: 'Fila do item',
  },
  en: { received: 'Mark Aria as received', undo: 'Undo', undone: 'Action undone', list: 'Item queue' },
} as const

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]
const undoButtons = (name: string) => screen.queryAllByRole('button', { name })

function serve(afterReceived: QueueView, start = startOf(afterReceived)) {
  const a = afterReceived.entries.find((e) => e.playerName === 'Aria')!
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: start }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'POST' && path === `/queue-entries/${a.id}/received`)
      return { body: wholeQueue({ ...afterReceived, version: 2 }) }
    if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
      return { body: wholeQueue({ ...start, version: 3 }) }
  })
}

function startOf(afterReceived: QueueView) {
  const a = afterReceived.entries.find((e) => e.playerName === 'Aria')!
  return view([{ ...a, attendanceStatus: 'pending', timesReceived: 0 }])
}

const headerUndo = (word: string) =>
  screen.getAllByRole('button').find((b) => b.textContent === word && !b.closest('[data-sonner-toast]'))!

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

  // Keyboard: the header's undo goes away once used; focus must not fall to <body> (an outside tester's report).
  it('after undoing from the header by keyboard, focus is on the row the undo gave back', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const bruno = entry(2, { playerName: 'Bruno' })
    const undo = { actionType: 'ITEM_RECEIVED', expiresAt: new Date(Date.now() + 600_000).toISOString() }
    serve(
      view([bruno, { ...aria, attendanceStatus: 'received', timesReceived: 1 }], undo),
      view([aria, bruno]),
    )
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(headerUndo(words.undo)).toBeTruthy())
    headerUndo(words.undo).focus()
    fireEvent.click(headerUndo(words.undo))
    await waitFor(() => expect(toasts()[0]?.textContent).toContain(words.undone))
    await waitFor(() => expect(undoButtons(words.undo)).toEqual([]))
    await waitFor(() => expect(document.activeElement?.getAttribute('data-entry-id')).toBe(aria.id))
  })

  it('an undo that gives back no row (an undone drag) leaves focus on the queue list', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const bruno = entry(2, { playerName: 'Bruno' })
    const undo = { actionType: 'QUEUE_REORDER', expiresAt: new Date(Date.now() + 600_000).toISOString() }
    // The "received" answer stands in for a drag here: the undo answers the same entries in another order.
    const after = view([bruno, aria], undo)
    mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view([aria, bruno]) }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'POST' && path === `/queue-entries/${aria.id}/received`)
        return { body: wholeQueue({ ...after, version: 2 }) }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return { body: wholeQueue(view([aria, bruno], null, 3)) }
    })
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(headerUndo(words.undo)).toBeTruthy())
    headerUndo(words.undo).focus()
    fireEvent.click(headerUndo(words.undo))
    await waitFor(() => expect(undoButtons(words.undo)).toEqual([]))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: words.list })))
  })
})
