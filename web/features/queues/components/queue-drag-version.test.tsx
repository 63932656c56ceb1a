import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueView } from '@contract/queues'
import { REORDER_DEBOUNCE_MS } from '@contract/queue-limits'
import { entry, ITEM_ID, item, me, view, wholeQueue } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { queueQueryOptions } from '../api/get-queue'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// An outside tester, two officers on one queue: A picked Dani (#4) up with the drag handle and pressed ↑ three
// times (the top); meanwhile B gave Aria (#1) the item and A's list re-rendered under the lifted row. A's drop
// went out with the version read then, the new one: written, "Posição alterada com sucesso!", and Dani landed
// at #2, not where A chose. The drop must carry the version of the queue the row was picked up on.

const [aria, bruno, caio, dani] = ['Aria', 'Bruno', 'Caio', 'Dani'].map((playerName, i) =>
  entry(i + 1, { playerName }),
)
const before = view([aria!, bruno!, caio!, dani!], null, 1)
const ariaReceived = { ...aria!, attendanceStatus: 'received' as const, timesReceived: 1 }
const afterAward = view([bruno!, caio!, dani!, ariaReceived], null, 2)
const names = (queue: QueueView | undefined) => queue?.entries.map((e) => e.playerName)

/** jsdom lays nothing out: each row of the list 50 px below the one before, so the arrows move by rows. */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.tagName !== 'LI' || !this.parentElement) return original.call(this)
    const top = [...this.parentElement.children].indexOf(this) * 50
    return DOMRect.fromRect({ x: 0, y: top, width: 300, height: 40 })
  })
}

beforeAll(() => loadTexts(['items']))
beforeEach(layOutRows)
afterEach(() => vi.restoreAllMocks())

describe('a drag while another officer acts', () => {
  it('is sent with the version it was picked up on; refused, it says so and shows the queue as it is', async () => {
    let awarded = false
    // The server: an order dragged on another version than the stored one is refused (QUEUE_CHANGED).
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`)
        return { body: awarded ? afterAward : before }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'GET' && path === '/me') return { body: me() }
      if (method === 'PUT' && path === `/items/${ITEM_ID}/queue/order`) {
        const { entryIds, queueVersion } = body as { entryIds: string[]; queueVersion: number }
        if (queueVersion !== (awarded ? 2 : 1))
          return { status: 409, body: { error: { code: 'QUEUE_CHANGED', message: 'x' } } }
        const byId = new Map(afterAward.entries.map((e) => [e.id, e]))
        return {
          body: wholeQueue(
            view(
              entryIds.map((id) => byId.get(id)!),
              null,
              3,
            ),
          ),
        }
      }
    })
    const { queryClient } = renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)
    const cached = () => queryClient.getQueryData<QueueView>(queueQueryOptions(ITEM_ID).queryKey)

    const handle = await screen.findByRole('button', { name: 'Arrastar Dani (posição 4)' })
    handle.focus()
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' })
    for (let i = 0; i < 3; i++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
      fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' })
    }
    // B gives Aria the item: the live event reloads A's queue while Dani is still held.
    awarded = true
    await act(() => queryClient.invalidateQueries({ queryKey: queueQueryOptions(ITEM_ID).queryKey }))
    expect(cached()?.version).toBe(2)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' })

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), {
      timeout: REORDER_DEBOUNCE_MS * 4,
    })
    expect((calls.find((c) => c.method === 'PUT')!.body as { queueVersion: number }).queueVersion).toBe(1)
    await waitForToast('error', 'Erro ao reordenar fila.', {
      description:
        'A fila mudou enquanto você agia (alguém agiu nela antes). Confira a fila atualizada e tente de novo: nada foi alterado.',
    })
    expect(toast.success).not.toHaveBeenCalled()
    // The queue as B left it, read again from the server.
    await waitFor(() => expect(names(cached())).toEqual(['Bruno', 'Caio', 'Dani', 'Aria']))
    expect(cached()?.version).toBe(2)
  })
})
