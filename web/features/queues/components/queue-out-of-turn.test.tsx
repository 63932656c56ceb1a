import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, item, me, view, wholeQueue } from '@web/test/factories'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// "Received" on a player the queue does not name next asks first (an outside tester's report: one mis-click
// jumped the queue); on the one it names, or when it names nobody, it awards at once.

const helmet = item({ id: ITEM_ID, name: 'Elmo Sombrio' })

const texts = {
  pt: {
    received: (name: string) => `Marcar ${name} como recebido`,
    noteButton: 'Nota para a próxima ação na fila de Elmo Sombrio',
    noteField: 'Nota da próxima ação',
    title: 'Dar fora da vez?',
    description: 'A vez é de Lívia. Dar Elmo Sombrio para Bruna mesmo assim?',
    note: 'Nota: Ganhou a rolagem (97)',
    confirm: 'Dar para Bruna',
    cancel: 'Cancelar',
  },
  en: {
    received: (name: string) => `Mark ${name} as received`,
    noteButton: 'Note for the next action on the Elmo Sombrio queue',
    noteField: 'Note for the next action',
    title: 'Give out of turn?',
    description: "It is Lívia's turn. Give Elmo Sombrio to Bruna anyway?",
    note: 'Note: Ganhou a rolagem (97)',
    confirm: 'Give to Bruna',
    cancel: 'Cancel',
  },
} as const

/** Plays the queue's routes; an award answers `awarded` (by default the same queue, one version on). */
function serve(queue: QueueView, awarded: QueueView = { ...queue, version: 2 }) {
  return mockApi(({ method, path }: ApiCall) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: queue }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'GET' && path === '/me') return { body: me() }
    if (method === 'POST' && path.endsWith('/received')) return { body: wholeQueue(awarded) }
  })
}

const rowOf = (id: string) => document.querySelector(`[data-entry-id="${id}"]`)

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])

describe.each(['pt', 'en'] as const)('an award out of turn (%s)', (language) => {
  const words = texts[language]
  beforeEach(() => loadTexts(['items'], language))

  it('asks first, naming both; cancel sends nothing and gives focus back; confirm sends it with the note', async () => {
    const livia = entry(1, { playerName: 'Lívia' })
    const bruna = entry(2, { playerName: 'Bruna' })
    const calls = serve(view([livia, bruna]))
    renderPage(<QueuePanel item={helmet} />)

    // A note typed for the next action.
    fireEvent.click(await screen.findByRole('button', { name: words.noteButton }))
    const field = await screen.findByLabelText(words.noteField)
    fireEvent.change(field, { target: { value: 'Ganhou a rolagem (97)' } })
    fireEvent.keyDown(field, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByLabelText(words.noteField)).toBeNull())

    const button = screen.getByRole('button', { name: words.received('Bruna') })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(words.title)).toBeTruthy()
    expect(within(dialog).getByText(words.description)).toBeTruthy()
    expect(within(dialog).getByText(words.note)).toBeTruthy()
    // Enter confirms: the keyboard starts on the confirm button.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: words.confirm })),
    )
    expect(posts(calls)).toEqual([])

    // Escape cancels: nothing sent, and the keyboard is back on the row's button.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
    expect(posts(calls)).toEqual([])

    // So does "Cancel".
    fireEvent.click(button)
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: words.cancel }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(posts(calls)).toEqual([])

    // Confirmed: the award goes, with the note.
    fireEvent.click(button)
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: words.confirm }),
    )
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(posts(calls)).toEqual([
      [`/queue-entries/${bruna.id}/received`, { note: 'Ganhou a rolagem (97)', queueVersion: 1 }],
    ])
  })

  // An outside tester: after "Dar para Bruna" the keyboard was on Bruna's button again, her row sent to the end
  // of the queue, where a direct award leaves it on the row now in the awarded row's place (useRowRefocus).
  it("gives focus, once confirmed, to the row now in the awarded row's place, as a direct award does", async () => {
    const livia = entry(1, { playerName: 'Lívia' })
    const bruna = entry(2, { playerName: 'Bruna' })
    const caio = entry(3, { playerName: 'Caio' })
    // The award sends Bruna behind the players still pending.
    const calls = serve(view([livia, bruna, caio]), view([livia, caio, bruna], null, 2))
    renderPage(<QueuePanel item={helmet} />)

    const button = await screen.findByRole('button', { name: words.received('Bruna') })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(posts(calls)).toEqual([[`/queue-entries/${bruna.id}/received`, { queueVersion: 1 }]])
    await waitFor(() => expect(document.activeElement).toBe(rowOf(caio.id)))
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('data-entry-id'))).toEqual([
      livia.id,
      caio.id,
      bruna.id,
    ])
    // And it stays there: the dialog's own return to its opener does not take it back to Bruna's button.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(rowOf(caio.id))
  })

  it('awards the player next in line at once, without asking', async () => {
    const livia = entry(1, { playerName: 'Lívia' })
    const bruna = entry(2, { playerName: 'Bruna' })
    const calls = serve(view([livia, bruna]))
    renderPage(<QueuePanel item={helmet} />)

    fireEvent.click(await screen.findByRole('button', { name: words.received('Lívia') }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)).toEqual([[`/queue-entries/${livia.id}/received`, { queueVersion: 1 }]])
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('awards at once when the queue names nobody next', async () => {
    const livia = entry(1, {
      playerName: 'Lívia',
      isPenalized: true,
      penaltyUntil: '2031-01-20T15:00:00.000Z',
    })
    const calls = serve(view([livia]))
    renderPage(<QueuePanel item={helmet} />)

    fireEvent.click(await screen.findByRole('button', { name: words.received('Lívia') }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)).toEqual([[`/queue-entries/${livia.id}/received`, { queueVersion: 1 }]])
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
