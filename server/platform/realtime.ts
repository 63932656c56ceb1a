import type { Database } from '../db/client'
import type { Logger } from '../lib/logger'
import { andThen, type MaybePromise } from '../lib/maybe-promise'

/** What changed in a guild; open dashboards and public pages refetch what the topic names. */
export type GuildEvent = {
  guildId: string
  topic: 'queues' | 'items' | 'players' | 'guild' | 'history' | 'members' | 'raid-nights'
  itemId?: string
}

export const GUILD_EVENT_TOPICS: readonly GuildEvent['topic'][] = [
  'queues',
  'items',
  'players',
  'guild',
  'history',
  'members',
  'raid-nights',
]

/** A row that sessions or the public gate read changed (database triggers, migration 0002). */
export type RowChange = { userId: string } | { guildId: string }

/** What a per-process cache hears: every guild's events, row changes, and `reset` when notifications may
 * have been lost (the listening connection dropped or came back): then it must forget everything. */
export type CacheWatcher = {
  event?: (event: GuildEvent) => void
  row?: (change: RowChange) => void
  reset: () => void
}

export type Realtime = {
  /** Call after the transaction commits. Reaches every process through NOTIFY; several events of one
   * write go in one statement. */
  publish: (...events: GuildEvent[]) => Promise<void>
  /**
   * `onEnd`: the process is stopping; the stream should tell its client to reconnect (to another process)
   * and end. Returns the unsubscribe function.
   */
  subscribe: (guildId: string, onEvent: (event: GuildEvent) => void, onEnd?: () => void) => () => void
  /** Ends every open stream, and any opened from now on, through its `onEnd` (server/main.ts's drain). */
  endStreams: () => void
  /** Streams subscribed now, in this process (metrics). */
  streamCount: () => number
  /** Whether this process listens now, with no notification lost since (metrics). */
  listening: () => boolean
  watch: (watcher: CacheWatcher) => () => void
  /**
   * True once every event and row change committed before the call has reached the watchers; false when
   * this process does not listen (then a cache must not answer). `since`: see Database.caughtUp.
   */
  caughtUp: (since?: number) => MaybePromise<boolean>
  /**
   * When this process last heard of a change of the guild (ms, the app's clock), or, when it cannot tell, the
   * latest moment before which it may have missed one (it started listening, or listened again after a drop;
   * `now` while it does not listen). A stream's `ready` says it, so a page drawn from data read earlier knows
   * whether it missed a change before its stream opened (live-updates.service.ts).
   */
  lastChangeAt: (guildId: string) => number
  /** Resolves once this process listens; a subscriber that awaits it cannot miss a later publish. */
  start: () => Promise<void>
  stop: () => Promise<void>
}

const CHANNEL = 'lq_guild_events'
/** Sent by the triggers of server/db/migrations/0002_row_change_notify.sql: `u:<user id>`, `g:<guild id>`. */
const ROW_CHANNEL = 'lq_row_changes'

export function parseRowChange(payload: string): RowChange | null {
  const id = payload.slice(2)
  if (!id) return null
  if (payload.startsWith('u:')) return { userId: id }
  if (payload.startsWith('g:')) return { guildId: id }
  return null
}

/** Only well-formed events reach subscribers: the channel is shared by every process and version. */
export function parseGuildEvent(payload: string): GuildEvent | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const { guildId, topic, itemId } = value as Record<string, unknown>
  if (typeof guildId !== 'string' || !GUILD_EVENT_TOPICS.includes(topic as GuildEvent['topic'])) return null
  if (itemId !== undefined && itemId !== null && typeof itemId !== 'string') return null
  return { guildId, topic: topic as GuildEvent['topic'], ...(itemId ? { itemId } : {}) }
}

/** Guilds whose last change a process remembers; past this it forgets them all and says "may have changed". */
const MAX_REMEMBERED_GUILDS = 100_000

/** Fan-out through PostgreSQL LISTEN/NOTIFY (PGlite supports both in-process), so many processes agree. */
export function createRealtime(database: Database, logger: Logger, now: () => number = Date.now): Realtime {
  type Subscriber = { onEvent: (event: GuildEvent) => void; onEnd?: () => void }
  const subscribers = new Map<string, Set<Subscriber>>()
  let ending = false
  const watchers = new Set<CacheWatcher>()
  let unlisten: (() => Promise<void>) | undefined
  let starting: Promise<void> | undefined
  /** Listening, with no notification lost since the watchers last reset. */
  let live = false
  /** When each guild's last event was heard, since `heardSince`, before which a change may have been missed. */
  const changedAt = new Map<string, number>()
  let heardSince = 0
  const hearFromNow = () => {
    changedAt.clear()
    heardSince = now()
  }

  const tell = (run: (watcher: CacheWatcher) => void) => {
    for (const watcher of watchers) {
      try {
        run(watcher)
      } catch (error) {
        logger.warn('realtime watcher failed', { error: String(error) })
      }
    }
  }

  const dispatch = (payload: string) => {
    const event = parseGuildEvent(payload)
    if (!event) return
    if (changedAt.size >= MAX_REMEMBERED_GUILDS && !changedAt.has(event.guildId)) hearFromNow()
    changedAt.set(event.guildId, now())
    tell((w) => w.event?.(event))
    for (const subscriber of subscribers.get(event.guildId) ?? []) {
      // One broken stream must not keep the event from the others.
      try {
        subscriber.onEvent(event)
      } catch (error) {
        logger.warn('realtime subscriber failed', { error: String(error) })
      }
    }
  }

  // The listening connection came back after a drop: whatever was published meanwhile is lost, so every
  // open stream is told that everything may have changed and refetches.
  const resync = () => {
    tell((w) => w.reset())
    hearFromNow()
    live = true
    for (const guildId of [...subscribers.keys()]) {
      for (const topic of GUILD_EVENT_TOPICS) dispatch(JSON.stringify({ guildId, topic }))
    }
  }
  const lost = () => {
    live = false
    tell((w) => w.reset())
  }
  const rowChanged = (payload: string) => {
    const change = parseRowChange(payload)
    if (change) tell((w) => w.row?.(change))
  }

  const start = () => {
    starting ??= (async () => {
      const stopEvents = await database.listen(CHANNEL, dispatch, resync, lost)
      // Only the first channel resynchronises: one connection carries both, so both drop and resume together.
      const stopRows = await database.listen(ROW_CHANNEL, rowChanged).catch(async (error: unknown) => {
        await stopEvents()
        throw error
      })
      return [stopEvents, stopRows]
    })().then(
      (stops) => {
        unlisten = async () => {
          await Promise.all(stops.map((stop) => stop()))
        }
        // Whatever a cache kept before this process listened may have missed a change: start from nothing.
        tell((w) => w.reset())
        hearFromNow()
        live = true
      },
      (error: unknown) => {
        // Forget the failed attempt so the next subscriber tries again instead of inheriting it.
        starting = undefined
        logger.warn('realtime listen failed', { error: String(error) })
        throw error
      },
    )
    return starting
  }

  // Made once: caughtUp runs on every cached read (issue 13).
  const stillLive = (ok: boolean) => ok && live

  return {
    start,
    publish: async (...events) => {
      if (events.length === 0) return
      try {
        const messages = events.map(({ guildId, topic, itemId }) =>
          JSON.stringify(itemId ? { guildId, topic, itemId } : { guildId, topic }),
        )
        await database.notify(CHANNEL, ...messages)
      } catch (error) {
        // A lost notification costs a refresh, never the write that already committed.
        logger.warn('realtime publish failed', { error: String(error) })
      }
    },
    watch: (watcher) => {
      watchers.add(watcher)
      return () => {
        watchers.delete(watcher)
      }
    },
    caughtUp: (since) => {
      if (live) return andThen(database.caughtUp(since), stillLive)
      return start().then(
        () => live && andThen(database.caughtUp(since), stillLive),
        () => false,
      )
    },
    subscribe: (guildId, onEvent, onEnd) => {
      start().catch(() => {})
      let set = subscribers.get(guildId)
      if (!set) {
        set = new Set()
        subscribers.set(guildId, set)
      }
      const subscriber = { onEvent, onEnd }
      set.add(subscriber)
      // A stream that opens while the process stops ends at once (after its caller has the unsubscribe).
      if (ending && onEnd) queueMicrotask(onEnd)
      return () => {
        set.delete(subscriber)
        if (set.size === 0 && subscribers.get(guildId) === set) subscribers.delete(guildId)
      }
    },
    endStreams: () => {
      ending = true
      for (const set of subscribers.values()) {
        for (const { onEnd } of set) {
          try {
            onEnd?.()
          } catch (error) {
            logger.warn('realtime subscriber failed to end', { error: String(error) })
          }
        }
      }
    },
    streamCount: () => {
      let count = 0
      for (const set of subscribers.values()) count += set.size
      return count
    },
    listening: () => live,
    lastChangeAt: (guildId) => (live ? Math.max(changedAt.get(guildId) ?? 0, heardSince) : now()),
    stop: async () => {
      live = false
      tell((w) => w.reset())
      watchers.clear()
      subscribers.clear()
      await unlisten?.()
      unlisten = undefined
      starting = undefined
    },
  }
}
