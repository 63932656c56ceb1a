import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { entry, ITEM_ID, item, me, placed, undoOffer, view, wholeQueue } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

// An outside test (2026-12-07): two awards in a row left one toast, naming only the second; the first player
// got the item unseen. The real sonner toaster, as a person sees it.

const sword = item({ id: ITEM_ID, name: 'Espada' })
const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]
/** The keyboard's click on a button (Enter or Space): acts at once, even on a row that just moved. */
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }), { detail: 0 })
const said = (name: string) => `${name} recebeu o item e foi para trás dos jogadores pendentes`

beforeAll(() => loadTexts(['items']))
afterEach(() => {
  // sonner keeps its toasts in a module-wide store: the next test starts without this one's.
  toast.dismiss()
})

/** Six players; each award moves its player behind the last and can be undone. */
function serveQueue() {
  const names = ['Aria', 'Bruno', 'Caio', 'Duda', 'Enzo', 'Fábio']
  let order = names.map((playerName, index) => entry(index + 1, { playerName }))
  let version = 1
  mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view(order, null, version) }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'GET' && path === '/me') return { body: me() }
    if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`) {
      version += 1
      return { body: wholeQueue(view(order, null, version)) }
    }
    const awarded = order.find((e) => path === `/queue-entries/${e.id}/received`)
    if (method !== 'POST' || !awarded) return undefined
    const last = order.at(-1)!
    order = [...order.filter((e) => e !== awarded), awarded]
    version += 1
    const undo = undoOffer({ playerName: awarded.playerName })
    return { body: placed(version, undo, [{ entry: awarded, after: last.id }]) }
  })
}

async function award(name: string) {
  press(`Marcar ${name} como recebido`)
  await waitFor(() => expect(toasts()[0]?.textContent).toContain(said(name)))
}

describe("the queue's toast after several actions", () => {
  it('names the earlier awards it replaced, newest first, and counts those past three', async () => {
    serveQueue()
    renderPage(<QueuePanel item={sword} />, '/', { toaster: true })
    await screen.findByText('Aria')
    await award('Aria')
    await award('Bruno')
    // One toast (its undo button undoes the last award), and the first award is still said.
    expect(toasts()).toHaveLength(1)
    expect(toasts()[0]!.textContent).toContain('Entregas anteriores nesta fila: Aria')

    for (const name of ['Caio', 'Duda', 'Enzo']) await award(name)
    expect(toasts()).toHaveLength(1)
    expect(toasts()[0]!.textContent).toContain('Entregas anteriores nesta fila: Duda, Caio, Bruno e mais 1')
  })

  it('names no earlier award once the toast is gone, nor one taken back by an undo', async () => {
    serveQueue()
    renderPage(<QueuePanel item={sword} />, '/', { toaster: true })
    await screen.findByText('Aria')
    await award('Aria')
    act(() => void toast.dismiss(`queue-${ITEM_ID}`))
    await waitFor(() => expect(toasts()).toHaveLength(0))
    await award('Bruno')
    expect(toasts()[0]!.textContent).not.toContain('Entregas anteriores')

    await award('Caio')
    // From the header's button (the toast's own is the next test's).
    fireEvent.click(screen.getByRole('button', { name: /^Desfazer: item recebido por Caio/ }))
    await waitFor(() => expect(toasts()[0]?.textContent).toContain('Ação desfeita: item recebido por Caio'))
    expect(toasts()[0]!.textContent).toContain('Entregas anteriores nesta fila: Bruno')
    expect(toasts()[0]!.textContent).not.toContain('Caio,')
  })
  it("says the undo went through when it was the toast's own button that undid", async () => {
    serveQueue()
    renderPage(<QueuePanel item={sword} />, '/', { toaster: true })
    await screen.findByText('Aria')
    await award('Aria')
    // An outside test (2026-12-07, a phone): sonner took the toast away as its button was tapped, and the
    // "undone" toast that replaced it a moment later went with it, so nothing said the award was undone.
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    await waitFor(() => expect(toasts()[0]?.textContent).toContain('Ação desfeita: item recebido por Aria'))
    // Past sonner's removal of a toast (200 ms), it is still on screen.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(toasts()).toHaveLength(1)
    expect(toasts()[0]!.textContent).toContain('Ação desfeita: item recebido por Aria')
  })
})
