import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeEventSource } from '@web/test/fake-event-source'
import { noteDrawnFromData } from './drawn-from-data'
import { leavePage } from './leave-page'
import { BROWSER_RETRIES, RECONNECT_DELAYS_MS, SERVER_CLOCK_MARGIN_MS, useGuildEvents } from './realtime'

vi.mock('./leave-page', () => ({ leavePage: vi.fn() }))

const last = () => FakeEventSource.all.at(-1)!

function Probe() {
  useGuildEvents()
  return null
}

/** Every status the hook returned, in render order. */
const statuses: string[] = []
function StatusProbe() {
  statuses.push(useGuildEvents())
  return null
}
const KEYS = [
  ['queues', 'x'],
  ['items'],
  ['overview'],
  ['history'],
  ['players'],
  ['guild'],
  ['me'],
  ['other'],
]

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  for (const key of KEYS) queryClient.setQueryData(key, 1)
  const invalidated = () =>
    KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0])
  const reset = () => {
    for (const key of KEYS) queryClient.setQueryData(key, 1)
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const view = render(<Probe />, { wrapper })
  return { queryClient, invalidated, reset, view }
}

beforeEach(() => {
  FakeEventSource.all = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useGuildEvents', () => {
  it('opens the member stream with cookies', () => {
    setup()
    expect(FakeEventSource.all).toHaveLength(1)
    expect(last().url).toBe('/api/v1/events')
    expect(last().init).toEqual({ withCredentials: true })
  })

  it.each([
    ['queues', ['queues', 'items', 'overview', 'history']],
    ['items', ['queues', 'items', 'overview', 'history']],
    // Item counts count active players only: a player's status changes them too.
    ['players', ['queues', 'items', 'overview', 'players', 'history']],
    ['guild', ['guild', 'me', 'history']],
  ])('invalidates what a %s change can affect, and nothing else', async (topic, expected) => {
    const { invalidated } = setup()
    act(() => last().emit('ready'))
    expect(invalidated()).toEqual([])
    act(() => last().emit('change', { topic, itemId: 'x' }))
    await waitFor(() => expect(invalidated().sort()).toEqual([...expected].sort()))
  })

  it('refetches everything when the browser reconnects by itself (catch up)', () => {
    const { invalidated } = setup()
    act(() => last().emit('ready'))
    act(() => last().fail(FakeEventSource.CONNECTING))
    expect(FakeEventSource.all).toHaveLength(1)
    act(() => last().emit('ready'))
    expect(invalidated()).toEqual(KEYS.map((k) => k[0]))
  })

  it("catches up on its first ready when the guild changed after the drawn page's data was read, once", () => {
    const readAt = 1_800_000_000_000
    noteDrawnFromData(readAt)
    const { invalidated } = setup()
    act(() => last().emit('ready', { changedAt: readAt + 300 }))
    expect(invalidated()).toEqual(KEYS.map((k) => k[0]))
    // The next page's stream (a page the browser drew: nothing noted) catches up only after a reconnect.
    cleanup()
    const next = setup()
    act(() => last().emit('ready', { changedAt: readAt + 900 }))
    expect(next.invalidated()).toEqual([])
  })

  it('does not catch up on its first ready when the last change came before the read (clock margin aside)', () => {
    const readAt = 1_800_000_000_000
    noteDrawnFromData(readAt)
    const { invalidated } = setup()
    act(() => last().emit('ready', { changedAt: readAt - SERVER_CLOCK_MARGIN_MS - 1 }))
    expect(invalidated()).toEqual([])
    cleanup()
    // Within the margin (another process's clock may be behind): it may have been after.
    noteDrawnFromData(readAt)
    const close = setup()
    act(() => last().emit('ready', { changedAt: readAt - SERVER_CLOCK_MARGIN_MS + 1 }))
    expect(close.invalidated()).toEqual(KEYS.map((k) => k[0]))
  })

  it("catches up when a drawn page's first ready does not say when the guild changed", () => {
    noteDrawnFromData(1_800_000_000_000)
    const { invalidated } = setup()
    act(() => last().emit('ready'))
    expect(invalidated()).toEqual(KEYS.map((k) => k[0]))
  })

  it('says it is reconnecting when the server process stops, then catches up on the next ready', () => {
    statuses.length = 0
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    })
    for (const key of KEYS) queryClient.setQueryData(key, 1)
    render(
      <QueryClientProvider client={queryClient}>
        <StatusProbe />
      </QueryClientProvider>,
    )
    act(() => last().emit('ready'))
    expect(statuses.at(-1)).toBe('live')
    // A deploy: the server says `reconnect` and ends the stream; the browser reconnects by itself.
    act(() => last().emit('reconnect'))
    expect(statuses.at(-1)).toBe('reconnecting')
    act(() => last().fail(FakeEventSource.CONNECTING))
    expect(FakeEventSource.all).toHaveLength(1)
    expect(KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([])
    // Another process answers: everything that may have changed meanwhile is refetched.
    act(() => last().emit('ready'))
    expect(statuses.at(-1)).toBe('live')
    expect(KEYS.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((k) => k[0])).toEqual(
      KEYS.map((k) => k[0]),
    )
  })

  it('opens a new stream after 1, 2, then every 5 s when the browser gives up, and catches up', () => {
    vi.useFakeTimers()
    const { invalidated, reset } = setup()
    act(() => last().emit('ready'))
    for (const [attempt, delay] of [...RECONNECT_DELAYS_MS, 5000].entries()) {
      act(() => last().fail(FakeEventSource.CLOSED))
      const before = FakeEventSource.all.length
      act(() => vi.advanceTimersByTime(delay - 1))
      expect(FakeEventSource.all, `attempt ${attempt}`).toHaveLength(before)
      act(() => vi.advanceTimersByTime(1))
      expect(FakeEventSource.all, `attempt ${attempt}`).toHaveLength(before + 1)
    }
    reset()
    act(() => last().emit('ready'))
    expect(invalidated()).toEqual(KEYS.map((k) => k[0]))
    // Success resets the backoff.
    act(() => last().fail(FakeEventSource.CLOSED))
    const before = FakeEventSource.all.length
    act(() => vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0]))
    expect(FakeEventSource.all).toHaveLength(before + 1)
  })

  it('takes over with its backoff when the browser keeps retrying a server that is not there', () => {
    vi.useFakeTimers()
    setup()
    act(() => last().emit('ready'))
    const first = last()
    // A clean end (a server told to stop) and a successful return: the browser's own retry, nothing more.
    act(() => first.fail(FakeEventSource.CONNECTING))
    act(() => first.emit('ready'))
    for (let attempt = 1; attempt < BROWSER_RETRIES; attempt++)
      act(() => first.fail(FakeEventSource.CONNECTING))
    expect(FakeEventSource.all).toHaveLength(1)
    expect(first.readyState).toBe(FakeEventSource.CONNECTING)
    // Refused once more: closed, and a new stream after the first delay rather than every few hundred ms.
    act(() => first.fail(FakeEventSource.CONNECTING))
    expect(first.readyState).toBe(FakeEventSource.CLOSED)
    act(() => vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0] - 1))
    expect(FakeEventSource.all).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    expect(FakeEventSource.all).toHaveLength(2)
  })

  it('coalesces a burst of events into one refetch per query', async () => {
    const { queryClient } = setup()
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    act(() => last().emit('ready'))
    act(() => {
      last().emit('change', { topic: 'queues', itemId: 'x' })
      last().emit('change', { topic: 'history', itemId: 'x' })
      last().emit('change', { topic: 'queues', itemId: 'y' })
    })
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(spy.mock.calls.map(([filters]) => (filters as { queryKey: string[] }).queryKey[0]).sort()).toEqual(
      ['history', 'items', 'overview', 'queues'],
    )
  })

  it('refetches the user when access is revoked without a reason, so the session layer can send them to /auth', () => {
    vi.mocked(leavePage).mockClear()
    const { invalidated } = setup()
    act(() => last().emit('ready'))
    act(() => last().emit('revoked'))
    expect(invalidated()).toEqual(['me'])
    expect(last().readyState).toBe(FakeEventSource.CLOSED)
    expect(leavePage).not.toHaveBeenCalled()
  })

  // Outside testers: a password changed in one browser sent the other to "removed from the guild".
  it('leaves for the sign-in page that says why when `revoked` gives the reason, forgetting what it read', () => {
    vi.mocked(leavePage).mockClear()
    const { queryClient } = setup()
    act(() => last().emit('ready'))
    act(() => last().emit('revoked', { reason: 'password-changed' }))
    expect(leavePage).toHaveBeenCalledWith('/auth?message=removed&reason=password-changed')
    expect(queryClient.getQueryData(['me'])).toBeUndefined()
  })

  it('asks the server when `revoked` gives a reason this page does not know', () => {
    vi.mocked(leavePage).mockClear()
    const { invalidated } = setup()
    act(() => last().emit('ready'))
    act(() => last().emit('revoked', { reason: 'from-a-newer-server' }))
    expect(invalidated()).toEqual(['me'])
    expect(leavePage).not.toHaveBeenCalled()
  })

  it('closes the stream and stops retrying on unmount', () => {
    vi.useFakeTimers()
    const { view } = setup()
    const source = last()
    act(() => source.fail(FakeEventSource.CLOSED))
    view.unmount()
    act(() => vi.advanceTimersByTime(60_000))
    expect(FakeEventSource.all).toHaveLength(1)
    expect(source.readyState).toBe(FakeEventSource.CLOSED)
  })
})
