import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react'

// The part of TanStack Query the public pages use, over fetch promises (docs/decisions/013-public-page-entry.md):
// one cached answer per key, refetched when invalidated (by prefix) or on window focus once stale, retried as
// the QueryClient's `retry` says, and shared by every component that asks for the same key. The public
// entry's build puts this module in place of @tanstack/react-query; the app keeps TanStack Query.

export type QueryKey = readonly unknown[]
type Retry = boolean | number | ((failures: number, error: unknown) => boolean)
type QueryDefaults = { staleTime?: number; retry?: Retry; refetchOnWindowFocus?: boolean }
type Options<T> = { queryKey: QueryKey; queryFn: () => Promise<T>; staleTime?: number; enabled?: boolean }

type Entry = {
  data?: unknown
  error: unknown
  fetching: boolean
  updatedAt: number
  invalid: boolean
  run?: Promise<void>
  fn?: () => Promise<unknown>
  observers: number
  listeners: Set<() => void>
  version: number
}

/** A key as text (TanStack's hashKey, for keys of strings, numbers and plain objects). */
export const hashKey = (key: QueryKey) => JSON.stringify(key)
const hash = hashKey
const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, i) => hash([part]) === hash([key[i]]))
const RETRY_DELAY_MS = 1000

export class QueryClient {
  private readonly entries = new Map<string, { key: QueryKey; entry: Entry }>()
  readonly defaults: QueryDefaults

  constructor(config: { defaultOptions?: { queries?: QueryDefaults } } = {}) {
    this.defaults = config.defaultOptions?.queries ?? {}
  }

  entry(key: QueryKey): Entry {
    const id = hash(key)
    let found = this.entries.get(id)
    if (!found) {
      const entry: Entry = {
        error: null,
        fetching: false,
        updatedAt: 0,
        invalid: false,
        observers: 0,
        listeners: new Set(),
        version: 0,
      }
      found = { key, entry }
      this.entries.set(id, found)
    }
    return found.entry
  }

  private shouldRetry(failures: number, error: unknown) {
    const retry = this.defaults.retry ?? 3
    return typeof retry === 'function'
      ? retry(failures, error)
      : typeof retry === 'number'
        ? failures < retry
        : retry
  }

  /** Runs the entry's request (one at a time per key) and tells its readers. */
  fetch(entry: Entry): Promise<void> {
    if (entry.run || !entry.fn) return entry.run ?? Promise.resolve()
    const fn = entry.fn
    const changed = () => {
      entry.version++
      for (const listener of entry.listeners) listener()
    }
    entry.fetching = true
    changed()
    entry.run = (async () => {
      for (let failures = 0; ; failures++) {
        try {
          entry.data = await fn()
          entry.error = null
          entry.updatedAt = Date.now()
          entry.invalid = false
          break
        } catch (error) {
          if (!this.shouldRetry(failures, error)) {
            entry.error = error
            break
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * 2 ** failures))
        }
      }
      entry.fetching = false
      entry.run = undefined
      changed()
    })()
    return entry.run
  }

  /** Marks every answer under `queryKey` out of date and refetches those on screen. */
  invalidateQueries({ queryKey = [] }: { queryKey?: QueryKey } = {}): Promise<void> {
    const runs: Promise<void>[] = []
    for (const { key, entry } of this.entries.values()) {
      if (!startsWith(key, queryKey)) continue
      entry.invalid = true
      if (entry.observers > 0)
        runs.push(entry.run ? entry.run.then(() => this.fetch(entry)) : this.fetch(entry))
    }
    return Promise.all(runs).then(() => undefined)
  }

  /** What a window focus refetches: the stale answers on screen. */
  refetchStale() {
    for (const { entry } of this.entries.values())
      if (
        entry.observers > 0 &&
        entry.updatedAt > 0 &&
        Date.now() - entry.updatedAt > (this.defaults.staleTime ?? 0)
      )
        void this.fetch(entry)
  }
}

const ClientContext = createContext<QueryClient | null>(null)

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    if (!client.defaults.refetchOnWindowFocus) return
    const onVisible = () => document.visibilityState === 'visible' && client.refetchStale()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [client])
  return createElement(ClientContext.Provider, { value: client }, children)
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext)
  if (!client) throw new Error('No QueryClient set')
  return client
}

export const queryOptions = <T>(options: Options<T>) => options

export function useQuery<T>({ queryKey, queryFn, staleTime, enabled = true }: Options<T>) {
  const client = useQueryClient()
  const entry = client.entry(queryKey)
  entry.fn = queryFn
  useSyncExternalStore(
    (listener) => {
      entry.listeners.add(listener)
      return () => entry.listeners.delete(listener)
    },
    () => entry.version,
  )
  useEffect(() => {
    if (!enabled) return
    entry.observers++
    const stale = Date.now() - entry.updatedAt > (staleTime ?? client.defaults.staleTime ?? 0)
    if (entry.updatedAt === 0 || entry.invalid || stale) void client.fetch(entry)
    return () => {
      entry.observers--
    }
  }, [client, entry, enabled, staleTime])
  return {
    data: entry.data as T | undefined,
    error: entry.error,
    isError: entry.error !== null,
    isFetching: entry.fetching,
    refetch: () => client.fetch(entry),
  }
}

type MutateCallbacks<R> = { onSuccess?: (result: R) => void; onError?: (error: unknown) => void }

export function useMutation<V, R>({
  mutationFn,
  onSuccess,
}: {
  mutationFn: (variables: V) => Promise<R>
  onSuccess?: (result: R) => unknown
}) {
  const [isPending, setPending] = useState(false)
  const mutate = (variables: V, callbacks: MutateCallbacks<R> = {}) => {
    setPending(true)
    mutationFn(variables).then(
      async (result) => {
        await onSuccess?.(result)
        setPending(false)
        callbacks.onSuccess?.(result)
      },
      (error: unknown) => {
        setPending(false)
        callbacks.onError?.(error)
      },
    )
  }
  return { mutate, isPending }
}
