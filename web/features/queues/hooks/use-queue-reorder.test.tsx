import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, view, wholeQueue } from '@web/test/factories'
import { type ApiCall, loadTexts, mockApi } from '@web/test/render'
import { queueQueryOptions } from '../api/get-queue'
import type { TypedNote } from '../api/queue-note-body'
import { useQueueReorder } from './use-queue-reorder'
import { REORDER_DEBOUNCE_MS } from '@contract/queue-limits'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const [a, b, c] = [
  entry(1, { playerName: 'A' }),
  entry(2, { playerName: 'B' }),
  entry(3, { playerName: 'C' }),
]
const ids = (v: QueueView | undefined) => v?.entries.map((e) => e.playerName).join('')

async function setup(
  reply: (call: ApiCall) => { status?: number; body?: unknown } | undefined,
  note: () => TypedNote | null = () => null,
) {
  const calls = mockApi((call) =>
    call.method === 'GET' && !primed ? { body: view([a!, b!, c!]) } : reply(call),
  )
  let primed = false
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // Loaded the way the screen loads it, so a reload knows how to fetch it again.
  await queryClient.fetchQuery(queueQueryOptions(ITEM_ID))
  primed = true
  calls.length = 0
  const onWritten = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const hook = renderHook(() => useQueueReorder({ onWritten, note }), { wrapper })
  const cached = () => queryClient.getQueryData<QueueView>(['queues', ITEM_ID])
  return { calls, hook, cached, onWritten, queryClient }
}

beforeAll(() => loadTexts(['items']))
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
})

describe('queue reorder', () => {
  it('moves at once and writes the full order once, after 500 ms of quiet', async () => {
    const { calls, hook, cached, onWritten } = await setup(({ method, body }) =>
      method === 'PUT'
        ? {
            body: wholeQueue(
              view(
                (body as { entryIds: string[] }).entryIds.map((id) => [a!, b!, c!].find((e) => e.id === id)!),
              ),
            ),
          }
        : undefined,
    )
    act(() => hook.result.current.move(ITEM_ID, c!.id, a!.id))
    expect(ids(cached())).toBe('CAB')
    expect(cached()?.entries.map((e) => e.position)).toEqual([1, 2, 3])
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS - 100))
    act(() => hook.result.current.move(ITEM_ID, a!.id, b!.id))
    expect(ids(cached())).toBe('CBA')
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS - 1))
    expect(calls).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/items/${ITEM_ID}/queue/order`,
        body: { entryIds: [c!.id, b!.id, a!.id], queueVersion: 1 },
      },
    ])
    expect(onWritten).toHaveBeenCalledWith(expect.objectContaining({ itemId: ITEM_ID }), null)
    expect(ids(cached())).toBe('CBA')
  })

  it('sends the queue note waiting when the order is written, and says which note went', async () => {
    let note: TypedNote | null = { note: 'Ordem do conselho', notePrivate: false }
    const { calls, hook, onWritten } = await setup(
      ({ method }) => (method === 'PUT' ? { body: view([c!, a!, b!]) } : undefined),
      () => note,
    )
    act(() => hook.result.current.move(ITEM_ID, c!.id, a!.id))
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    expect(calls[0]?.body).toEqual({
      entryIds: [c!.id, a!.id, b!.id],
      note: 'Ordem do conselho',
      queueVersion: 1,
    })
    expect(onWritten).toHaveBeenCalledWith(expect.objectContaining({ itemId: ITEM_ID }), note)
    note = null
  })

  it('sends an officers-only note with its flag', async () => {
    const note: TypedNote = { note: 'Decisão interna', notePrivate: true }
    const { calls, hook } = await setup(
      ({ method }) => (method === 'PUT' ? { body: view([c!, a!, b!]) } : undefined),
      () => note,
    )
    act(() => hook.result.current.move(ITEM_ID, c!.id, a!.id))
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    expect(calls[0]?.body).toEqual({
      entryIds: [c!.id, a!.id, b!.id],
      note: 'Decisão interna',
      notePrivate: true,
      queueVersion: 1,
    })
  })

  it('on failure says so and reloads the queue from the server', async () => {
    const { calls, hook, cached } = await setup(({ method }) => {
      if (method === 'PUT') return { status: 409, body: { error: { code: 'ORDER_MISMATCH', message: 'x' } } }
      if (method === 'GET') return { body: view([a!, b!, c!]) }
    })
    act(() => hook.result.current.move(ITEM_ID, a!.id, c!.id))
    expect(ids(cached())).toBe('BCA')
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    expect(toast.error).toHaveBeenCalledWith('Erro ao reordenar fila.', {
      description: 'A fila mudou enquanto você a reordenava. Ela foi recarregada.',
    })
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'GET'])
    expect(ids(cached())).toBe('ABC')
  })

  it('keeps showing a waiting drag when a refetch answers with the old order', async () => {
    const { calls, hook, cached, queryClient } = await setup(({ method }) => {
      if (method === 'GET') return { body: view([a!, b!, c!]) }
      if (method === 'PUT') return { body: wholeQueue(view([b!, c!, a!])) }
    })
    act(() => hook.result.current.move(ITEM_ID, a!.id, c!.id))
    await act(() => queryClient.refetchQueries({ queryKey: ['queues', ITEM_ID] }))
    expect(calls.map((call) => call.method)).toEqual(['GET'])
    expect(ids(cached())).toBe('BCA')
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT'])
    expect(ids(cached())).toBe('BCA')
  })

  // docs/decisions/001-queue-ordering.md, "The queue the member saw".
  it('a drag made while the one before is being written follows it: sent with the version that write made', async () => {
    let version = 1
    const { calls, hook, cached } = await setup(({ method, body }) => {
      if (method !== 'PUT') return undefined
      version += 1
      const order = (body as { entryIds: string[] }).entryIds.map(
        (id) => [a!, b!, c!].find((e) => e.id === id)!,
      )
      return { body: wholeQueue(view(order, null, version)) }
    })
    act(() => hook.result.current.move(ITEM_ID, a!.id, c!.id))
    let first: Promise<void> | undefined
    act(() => {
      first = hook.result.current.flush()
      hook.result.current.move(ITEM_ID, c!.id, b!.id)
    })
    await act(() => first!)
    expect(cached()?.version).toBe(2)
    expect(ids(cached())).toBe('CBA')
    await act(() => hook.result.current.flush())
    expect(calls.map((call) => (call.body as { queueVersion: number }).queueVersion)).toEqual([1, 2])
    expect(cached()?.version).toBe(3)
  })

  // A drag is of the queue its row was picked up on (an outside tester's drop went out with the version another
  // officer's award made while the row was held). The member's own waiting drag, written while the next row is
  // held, is not another officer's: that row was picked up on top of it.
  it('a row picked up before the waiting drag was written is sent with the version that write made', async () => {
    let version = 1
    const { calls, hook } = await setup(({ method, body }) => {
      if (method !== 'PUT') return undefined
      version += 1
      const order = (body as { entryIds: string[] }).entryIds.map(
        (id) => [a!, b!, c!].find((e) => e.id === id)!,
      )
      return { body: wholeQueue(view(order, null, version)) }
    })
    act(() => hook.result.current.move(ITEM_ID, a!.id, c!.id))
    act(() => hook.result.current.lift(ITEM_ID))
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    act(() => hook.result.current.move(ITEM_ID, c!.id, b!.id))
    await act(() => hook.result.current.flush())
    expect(calls.map((call) => (call.body as { queueVersion: number }).queueVersion)).toEqual([1, 2])
  })

  it("a row picked up before another officer's write is sent with the version it was picked up on", async () => {
    const { calls, hook, queryClient } = await setup(({ method }) =>
      method === 'GET' ? { body: view([c!, a!, b!], null, 2) } : undefined,
    )
    act(() => hook.result.current.lift(ITEM_ID))
    await act(() => queryClient.refetchQueries({ queryKey: ['queues', ITEM_ID] }))
    act(() => hook.result.current.move(ITEM_ID, b!.id, c!.id))
    await act(() => hook.result.current.flush())
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toMatchObject([
      { queueVersion: 1 },
    ])
  })

  it('refused because the queue changed since the drag: says so and shows the queue as it is', async () => {
    const { calls, hook, cached } = await setup(({ method }) => {
      if (method === 'PUT') return { status: 409, body: { error: { code: 'QUEUE_CHANGED', message: 'x' } } }
      if (method === 'GET') return { body: view([b!, a!, c!], null, 2) }
    })
    act(() => hook.result.current.move(ITEM_ID, a!.id, c!.id))
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS))
    expect(toast.error).toHaveBeenCalledWith('Erro ao reordenar fila.', {
      description:
        'A fila mudou enquanto você agia (alguém agiu nela antes). Confira a fila atualizada e tente de novo: nada foi alterado.',
    })
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'GET'])
    expect(ids(cached())).toBe('BAC')
    expect(cached()?.version).toBe(2)
  })

  it('writes a waiting order at once when asked to flush (before another action or on leaving)', async () => {
    const { calls, hook } = await setup(({ method }) =>
      method === 'PUT' ? { body: wholeQueue(view([b!, a!, c!])) } : undefined,
    )
    act(() => hook.result.current.move(ITEM_ID, a!.id, b!.id))
    await act(() => hook.result.current.flush())
    expect(calls.map((call) => call.method)).toEqual(['PUT'])
    hook.unmount()
    await act(() => vi.advanceTimersByTimeAsync(REORDER_DEBOUNCE_MS * 2))
    expect(calls).toHaveLength(1)
  })
})
