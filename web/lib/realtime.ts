import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { GuildEventPayload, StreamReady } from '@contract/public'
import { isSessionEndReason, type StreamRevoked } from '@contract/session-end'
import { takeDrawnFromDataReadAt } from './drawn-from-data'
import { REFRESH_AFTER } from './query-keys'
import { isSessionEnding, leaveEndedSession, meQueryOptions } from './session'

// Server-sent events from /api/v1/events (dashboards) and /api/v1/public/guilds/:slug/events (public
// page). The server says `ready` once it listens, `change` with { topic, itemId? }, `revoked` when the
// right to listen ended, and `reconnect` when its process stops (a deploy): it then ends the stream, having
// set the retry delay to a random instant within a second, and the browser's EventSource reconnects, through
// the proxy, to a process still running. The EventSource retries a dropped connection by itself (after 1 s, as
// the server asks); when it gives up (an error answer) we open a new one after 1, 2, then every 5 s. Every
// `ready` after the first means we were away: refetch everything, since events may have been missed
// (docs/decisions/005-public-gate-and-realtime.md, docs/decisions/017-running-as-a-service.md). The first
// `ready` of a page drawn from data the server read (web/app/server-data.ts) also catches up when the guild
// changed after that read: the page was drawn, sent and hydrated before its stream listened, and what
// happened meanwhile reached no stream of it (an award during a phone's load, marks saved as a page reloaded).

/**
 * Processes of one deployment may run on machines whose clocks differ by this much: a change this close
 * before the read counts as after it (an extra refetch, never a missed change).
 */
export const SERVER_CLOCK_MARGIN_MS = 2000

/** Whether the guild changed after the page in hand's data was read: once, for the first stream that opens. */
function missedSinceDrawn(ready: string): boolean {
  const readAt = takeDrawnFromDataReadAt()
  if (readAt === null) return false
  const changedAt = parseReady(ready)?.changedAt
  // A `ready` that does not say (a server of an older version): it may have changed.
  return changedAt === undefined || changedAt >= readAt - SERVER_CLOCK_MARGIN_MS
}

/** Capped at 5 s, the Retry-After of a server whose database is away: a page is live again within 5 s of its return. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000] as const
/** The browser's own tries in a row (each under a second apart) before the backoff above takes over. */
export const BROWSER_RETRIES = 3

export type StreamStatus = 'connecting' | 'live' | 'reconnecting'

export type EventStreamHandlers = {
  onChange: (event: GuildEventPayload) => void
  /** After a reconnect: refetch whatever may have changed meanwhile. */
  onCatchUp: () => void
  /** The server ended the stream because access ended, saying why when it knows (contract/session-end.ts). */
  onRevoked?: (revoked: StreamRevoked) => void
  /** The connection failed for good and a new one is scheduled. */
  onLost?: () => void
}

/** Opens `url` while `enabled`, keeps it open across drops, and reports whether it is live. */
export function useEventStream(url: string | null, handlers: EventStreamHandlers): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting')
  // The latest handlers, without reopening the stream when a render creates new closures.
  const latest = useRef(handlers)
  latest.current = handlers

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    let connectedBefore = false
    let stopped = false

    const open = () => {
      source = new EventSource(url, { withCredentials: true })
      source.addEventListener('ready', (message) => {
        failures = 0
        browserRetries = 0
        setStatus('live')
        const missed = missedSinceDrawn((message as MessageEvent<string>).data)
        if (connectedBefore || missed) latest.current.onCatchUp()
        connectedBefore = true
      })
      source.addEventListener('change', (message) => {
        const event = parsePayload((message as MessageEvent<string>).data)
        if (event) latest.current.onChange(event)
      })
      // The stream ends next; the browser comes back by itself and catches up on its `ready`.
      source.addEventListener('reconnect', () => setStatus('reconnecting'))
      source.addEventListener('revoked', (message) => {
        source?.close()
        setStatus('reconnecting')
        latest.current.onRevoked?.(parseRevoked((message as MessageEvent<string>).data))
        retryLater()
      })
      let browserRetries = 0
      source.onerror = () => {
        if (stopped) return
        setStatus('reconnecting')
        // CONNECTING: the browser is already retrying, at the delay the server last asked for (under a second).
        // A server that is not there at all (restarting, no proxy in front to answer for it) would be asked
        // that often for as long as it is away: after a few such tries without a `ready`, we take over.
        // CLOSED: it gave up, so we take over.
        const retrying = source?.readyState === EventSource.CONNECTING
        if (retrying && ++browserRetries < BROWSER_RETRIES) return
        source?.close()
        latest.current.onLost?.()
        retryLater()
      }
    }
    const retryLater = () => {
      if (stopped) return
      clearTimeout(timer)
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]
      failures++
      timer = setTimeout(() => {
        source?.close()
        open()
      }, delay)
    }

    setStatus('connecting')
    open()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  }, [url])

  return status
}

/**
 * A stream message's JSON, or null when it is not JSON or lacks what this page reads (a server of another
 * version): its fields are checked, not the whole shape, so a newer server's additions pass.
 */
function parseMessage<T>(data: string, readable: (value: Partial<T> | null) => boolean): T | null {
  try {
    const value = JSON.parse(data) as Partial<T> | null
    return readable(value) ? (value as T) : null
  } catch {
    return null
  }
}

const parsePayload = (data: string) =>
  parseMessage<GuildEventPayload>(data, (value) => typeof value?.topic === 'string')
const parseReady = (data: string) =>
  parseMessage<StreamReady>(data, (value) => typeof value?.changedAt === 'number')
/** A reason this page does not know (a newer server's) is no reason: the page asks the server instead. */
const parseRevoked = (data: string): StreamRevoked => {
  const reason = parseMessage<StreamRevoked>(data, () => true)?.reason
  return isSessionEndReason(reason) ? { reason } : {}
}

/** Writers often announce two topics at once (queues, then history): refetch once for both. */
export const COALESCE_MS = 50

/**
 * Collects the query keys to refetch for a short moment and invalidates each once, so a burst of events
 * does not restart the same request over and over.
 */
export function createInvalidationBatcher(queryClient: QueryClient, delayMs = COALESCE_MS) {
  const pending = new Map<string, QueryKey>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    const keys = [...pending.values()]
    pending.clear()
    // A key already covered by a shorter one (its prefix) would only restart the same request.
    const covers = (by: QueryKey, key: QueryKey) =>
      by.length < key.length && by.every((part, i) => part === key[i])
    for (const queryKey of keys) {
      if (keys.some((other) => covers(other, queryKey))) continue
      void queryClient.invalidateQueries({ queryKey })
    }
  }
  return {
    add(...keys: QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key)
      timer ??= setTimeout(flush, delayMs)
    },
    cancel() {
      clearTimeout(timer)
      timer = undefined
      pending.clear()
    },
  }
}

/** A batcher bound to this component's query client, dropped on unmount. */
export function useInvalidationBatcher() {
  const queryClient = useQueryClient()
  const [batcher] = useState(() => createInvalidationBatcher(queryClient))
  useEffect(() => () => batcher.cancel(), [batcher])
  return batcher
}

/**
 * The signed-in dashboard's live updates: mount once in the dashboard shell. Open screens refetch within a
 * second of any change in the guild, made by anyone, in any server process. While the user ends their own
 * session the stream is closed (the caller passes `enabled` false) and what it still hears is ignored: it
 * would only refetch with a session that answers 401.
 */
export function useGuildEvents(enabled = true): StreamStatus {
  const queryClient = useQueryClient()
  const batcher = useInvalidationBatcher()
  const unlessEnding =
    <Args extends unknown[]>(act: (...args: Args) => void) =>
    (...args: Args) => {
      if (!isSessionEnding(queryClient)) act(...args)
    }
  const refetchMe = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })
  return useEventStream(enabled ? '/api/v1/events' : null, {
    onChange: unlessEnding((event: GuildEventPayload) => batcher.add(...(REFRESH_AFTER[event.topic] ?? []))),
    onCatchUp: unlessEnding(() => void queryClient.invalidateQueries()),
    // The stream says why: the dashboard leaves for the sign-in page that says it. Without a reason, refetching
    // the user makes the session layer (its 401's code) notice and leave.
    onRevoked: unlessEnding(({ reason }: StreamRevoked) =>
      reason ? leaveEndedSession(queryClient, reason) : refetchMe(),
    ),
    onLost: unlessEnding(refetchMe),
  })
}
