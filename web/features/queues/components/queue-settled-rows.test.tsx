import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { entry, ITEM_ID, item, me, placed, view } from '@web/test/factories'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { ROWS_SETTLE_MS } from '../hooks/use-settled-rows'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// An outside test (2026-12-07): "Received" on row 1, then the same spot again 350 ms later, after the first
// award had moved its row down: the second click awarded the next player (docs/decisions/008-queue-actions-in-the-browser.md).

const sword = item({ id: ITEM_ID, name: 'Espada' })
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement
/** A pointer's click (a mouse or a finger): `detail` counts its presses; the keyboard's click has 0. */
const tap = (element: HTMLElement) => fireEvent.click(element, { detail: 1 })
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.path)

beforeAll(() => loadTexts(['items']))
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
afterEach(() => vi.useRealTimers())

/** Aria, Bruno and Caio; each mark moves its player behind the last. */
function serveQueue() {
  const players = [
    entry(1, { playerName: 'Aria' }),
    entry(2, { playerName: 'Bruno' }),
    entry(3, { playerName: 'Caio' }),
  ]
  let version = 1
  let order = [...players]
  const calls = mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view(order, null, version) }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'GET' && path === '/me') return { body: me() }
    const marked = order.find(
      (e) => path === `/queue-entries/${e.id}/received` || path === `/queue-entries/${e.id}/absent`,
    )
    if (method !== 'POST' || !marked) return undefined
    const last = order.at(-1)!
    order = [...order.filter((e) => e !== marked), marked]
    version += 1
    return { body: placed(version, null, [{ entry: marked, after: last.id }]) }
  })
  return { calls, order: () => order.map((e) => e.playerName) }
}

const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Fila do item' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span.font-medium')?.textContent)

describe('a click on a row that just moved under the pointer', () => {
  it.each([
    ['recebido', 'received'],
    ['ausente', 'absent'],
  ])(
    'is not sent to the player now there: a second tap on "%s" 350 ms later marks nobody',
    async (mark, path) => {
      const { calls } = serveQueue()
      renderPage(<QueuePanel item={sword} />)
      tap(await screen.findByRole('button', { name: `Marcar Aria como ${mark}` }))
      await waitFor(() => expect(shownOrder()).toEqual(['Bruno', 'Caio', 'Aria']))
      act(() => vi.advanceTimersByTime(350))
      // The same spot: row 1, now Bruno's.
      tap(within(rowOf('Bruno')).getByRole('button', { name: `Marcar Bruno como ${mark}` }))
      await act(() => vi.advanceTimersByTimeAsync(50))
      expect(posts(calls)).toHaveLength(1)
      expect(posts(calls)[0]).toMatch(new RegExp(`/${path}$`))
      expect(shownOrder()).toEqual(['Bruno', 'Caio', 'Aria'])
      // Not silently: the officer is told why nothing happened.
      expect(toast.info).toHaveBeenCalledWith('A fila acabou de mudar: confira o nome e clique de novo', {
        id: 'rows-moved',
      })

      // Once the rows have stood still, a click there is meant for Bruno.
      act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS))
      tap(screen.getByRole('button', { name: `Marcar Bruno como ${mark}` }))
      await waitFor(() => expect(shownOrder()).toEqual(['Caio', 'Aria', 'Bruno']))
      expect(posts(calls)).toHaveLength(2)
    },
  )

  it('goes from the keyboard at once: Enter acts on the row focused on purpose', async () => {
    const { calls } = serveQueue()
    renderPage(<QueuePanel item={sword} />)
    tap(await screen.findByRole('button', { name: 'Marcar Aria como recebido' }))
    await waitFor(() => expect(shownOrder()).toEqual(['Bruno', 'Caio', 'Aria']))
    // A button's click from Enter or Space has detail 0.
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Bruno como recebido' }), { detail: 0 })
    await waitFor(() => expect(shownOrder()).toEqual(['Caio', 'Aria', 'Bruno']))
    expect(posts(calls)).toHaveLength(2)
  })

  it('goes at once on a row whose place did not change', async () => {
    const { calls } = serveQueue()
    renderPage(<QueuePanel item={sword} />)
    // Bruno's award moves him behind Caio: Aria, above, stays where she was.
    tap(await screen.findByRole('button', { name: 'Marcar Bruno como ausente' }))
    await waitFor(() => expect(shownOrder()).toEqual(['Aria', 'Caio', 'Bruno']))
    tap(screen.getByRole('button', { name: 'Marcar Aria como ausente' }))
    await waitFor(() => expect(shownOrder()).toEqual(['Caio', 'Bruno', 'Aria']))
    expect(posts(calls)).toHaveLength(2)
  })
})
