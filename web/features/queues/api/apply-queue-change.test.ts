import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { applyQueueChange } from '@contract/queue-change'
import type { QueueView } from '@contract/queues'
import { mockApi } from '@web/test/render'
import { entry, ITEM_ID, placed, undoOffer, view, wholeQueue } from '@web/test/factories'
import { showQueueChange } from './apply-queue-change'
import { queueQueryOptions } from './get-queue'

const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((playerName, i) => entry(i + 1, { playerName }))
const names = (v: QueueView | null | undefined) =>
  v?.entries.map((e) => `${e.position}${e.playerName}`).join(' ')
const undo = undoOffer({ expiresAt: '2031-01-01T00:10:00.000Z' })

describe('applyQueueChange (contract/queue-change.ts)', () => {
  const start = view([a!, b!, c!, d!], null, 4)

  it('moves a placed entry after its neighbour, with its new fields, and numbers 1..n again', () => {
    const received = { ...a!, attendanceStatus: 'received' as const, timesReceived: 1 }
    const next = applyQueueChange(start, placed(5, undo, [{ entry: received, after: d!.id }]))
    expect(names(next)).toBe('1B 2C 3D 4A')
    expect(next?.entries[3]).toMatchObject({ id: a!.id, attendanceStatus: 'received', timesReceived: 1 })
    expect(next).toMatchObject({ version: 5, undo })
  })

  it('puts an entry placed after nobody first, adds new ones in order, and takes removed ones out', () => {
    const e = entry(5, { playerName: 'E' })
    const f = entry(6, { playerName: 'F' })
    const moved = applyQueueChange(start, placed(5, null, [{ entry: c!, after: null }], [b!.id]))
    expect(names(moved)).toBe('1C 2A 3D')
    const added = applyQueueChange(
      start,
      placed(5, null, [
        { entry: e, after: d!.id },
        { entry: f, after: e.id },
      ]),
    )
    expect(names(added)).toBe('1A 2B 3C 4D 5E 6F')
  })

  it('is null unless the queue is the version the change follows, or when a neighbour is unknown', () => {
    const change = placed(5, null, [{ entry: a!, after: d!.id }])
    expect(applyQueueChange(start, change)).not.toBeNull()
    expect(applyQueueChange(view([a!, b!, c!, d!], null, 3), change)).toBeNull()
    expect(applyQueueChange(undefined, change)).toBeNull()
    expect(applyQueueChange(start, placed(5, null, [{ entry: a!, after: crypto.randomUUID() }]))).toBeNull()
    // A change that carries the whole queue needs nothing before it.
    const whole = wholeQueue(view([d!, c!], null, 9))
    expect(applyQueueChange(undefined, whole)).toBe(whole.queue)
  })
})

describe('showQueueChange', () => {
  async function primed(version: number) {
    const calls = mockApi(() => ({ body: view([a!, b!], null, 7) }))
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await queryClient.fetchQuery(queueQueryOptions(ITEM_ID))
    // Watched, as on screen: an invalidated queue is read again at once.
    new QueryObserver(queryClient, { ...queueQueryOptions(ITEM_ID), staleTime: Infinity }).subscribe(() => {})
    queryClient.setQueryData(['queues', ITEM_ID], view([a!, b!], null, version))
    calls.length = 0
    return { queryClient, calls, cached: () => queryClient.getQueryData<QueueView>(['queues', ITEM_ID]) }
  }

  it('shows the change at once when the screen holds the version it follows, without reading again', async () => {
    const { queryClient, calls, cached } = await primed(4)
    showQueueChange(queryClient, placed(5, undo, [{ entry: a!, after: b!.id }]))
    expect(names(cached())).toBe('1B 2A')
    expect(cached()?.undo).toEqual(undo)
    await new Promise((r) => setTimeout(r, 0))
    expect(calls.filter((call) => call.path === `/items/${ITEM_ID}/queue`)).toEqual([])
  })

  it('reads the queue again when another write came in between', async () => {
    const { queryClient, calls, cached } = await primed(3)
    showQueueChange(queryClient, placed(5, undo, [{ entry: a!, after: b!.id }]))
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain(`/items/${ITEM_ID}/queue`))
    await vi.waitFor(() => expect(cached()?.version).toBe(7))
  })
})
