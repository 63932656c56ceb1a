import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, me, view } from '@web/test/factories'
import { loadTexts, mockApi } from '@web/test/render'
import { QUEUE_NOTE_MAX, REORDER_DEBOUNCE_MS } from '@contract/queue-limits'
import { queueQueryOptions } from '../api/get-queue'
import { useQueueActions } from './use-queue-actions'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['items']))

describe('queue actions with a quick note over the limit', () => {
  it('refuses a drag, saying why, and writes nothing until the note is shortened', async () => {
    const [a, b] = [entry(1, { playerName: 'A' }), entry(2, { playerName: 'B' })]
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/me') return { body: me() }
      if (method === 'GET') return { body: view([a!, b!]) }
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await queryClient.fetchQuery(queueQueryOptions(ITEM_ID))
    calls.length = 0
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
    const hook = renderHook(() => useQueueActions(ITEM_ID), { wrapper })
    const order = () =>
      queryClient
        .getQueryData<QueueView>(queueQueryOptions(ITEM_ID).queryKey)
        ?.entries.map((e) => e.playerName)

    act(() => hook.result.current.setNote('x'.repeat(QUEUE_NOTE_MAX + 1)))
    act(() => hook.result.current.move(ITEM_ID, b!.id, a!.id))
    expect(toast.error).toHaveBeenCalledWith(
      `A nota passa do limite: no máximo ${QUEUE_NOTE_MAX} caracteres. Encurte ou remova a nota para agir na fila.`,
      expect.anything(),
    )
    expect(order()).toEqual(['A', 'B'])
    await act(() => new Promise((resolve) => setTimeout(resolve, REORDER_DEBOUNCE_MS + 50)))
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
    expect(hook.result.current.note).toHaveLength(QUEUE_NOTE_MAX + 1)

    act(() => hook.result.current.setNote('x'.repeat(QUEUE_NOTE_MAX)))
    act(() => hook.result.current.move(ITEM_ID, b!.id, a!.id))
    expect(order()).toEqual(['B', 'A'])
  })
})
