import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import type { QueueEntry } from '@contract/queues'
import { entry, ITEM_ID, item, me, placed, view, wholeQueue } from '@web/test/factories'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// An outside test with the keyboard only (2026-12-07): after a queue's "Add all" dialog and after a row menu's
// "Remove penalty", focus fell to <body>, and the next Tab started at the page's top. The button they came
// from is disabled while the queue answers, and focus() on a disabled button does nothing.

const sword = item({ id: ITEM_ID, name: 'Espada' })
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement

const asPlayer = (e: QueueEntry): Player => ({
  id: e.playerId,
  name: e.playerName,
  notes: null,
  playerStatus: 'active',
  isActive: true,
  rankId: null,
  createdAt: e.createdAt,
})

/** Plays the API; a write is answered after a moment, as over a network, its button disabled meanwhile. */
function serve(entries: QueueEntry[], players: Player[], extra: (call: ApiCall) => unknown) {
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === `/items/${ITEM_ID}/queue`) return { body: view(entries) }
    if (call.method === 'GET' && call.path === '/players') return { body: { players } }
    if (call.method === 'GET' && call.path === '/me') return { body: me() }
    const body = extra(call)
    return body === undefined ? undefined : { body }
  })
  const answer = globalThis.fetch
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET') await new Promise((resolve) => setTimeout(resolve, 100))
    return answer(url, init)
  })
  return calls
}

beforeAll(() => loadTexts(['items']))

describe('keyboard focus after a queue action', () => {
  it('goes back to "Adicionar todos" once its dialog has added the players', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const ranks = [{ id: '00000000-0000-4000-8000-0000000000b0', name: 'Raider', level: 0, playerCount: 1 }]
    const calls = serve([a], [asPlayer(a), asPlayer(b)], ({ method, path }) => {
      if (method === 'GET' && path === '/ranks') return { ranks }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/add-all`)
        return { added: 1, change: wholeQueue(view([a, b], null, 2)) }
    })
    renderPage(<QueuePanel item={sword} />)
    await screen.findByText('Aria')
    await waitFor(() => expect(calls.some((c) => c.path === '/ranks')).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const addAll = screen.getByRole('button', { name: 'Adicionar todos' })
    addAll.focus()
    fireEvent.click(addAll)
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(await screen.findByText('Bruno')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(addAll))
  })

  it('stays in the row after "Remover penalidade" from its menu', async () => {
    const a = entry(1, { playerName: 'Aria', isPenalized: true, penaltyUntil: '2031-01-20T15:00:00.000Z' })
    const b = entry(2, { playerName: 'Bruno' })
    serve([a, b], [], ({ method, path }) => {
      if (method === 'DELETE' && path === `/queue-entries/${a.id}/penalty`)
        return placed(2, null, [{ entry: { ...a, isPenalized: false, penaltyUntil: null }, after: null }])
    })
    renderPage(<QueuePanel item={sword} />)
    const more = await screen.findByRole('button', { name: 'Mais ações para Aria' })
    more.focus()
    fireEvent.keyDown(more, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover penalidade' }))
    await waitFor(() => expect(screen.queryByText(/Penalizado até/)).toBeNull())
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(rowOf('Aria').contains(document.activeElement)).toBe(true))
  })
})
