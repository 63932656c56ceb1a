import type { Database } from '../db/client'
import type { Logger } from '../lib/logger'

/** What changed in a guild; open dashboards and public pages refetch what the topic names. */
export type GuildEvent = {
  guildId: string
  topic: 'queues' | 'items' | 'players' | 'guild' | 'history' | 'members'
  itemId?: string
}

export const GUILD_EVENT_TOPICS: readonly GuildEvent['topic'][] = [
  'queues',
  'items',
  'players',
  'guild',
  'history',
  'members',
]

export type Realtime = {
  /** Call after the transaction commits. Reaches every process through NOTIFY. */
  publish: (event: GuildEvent) => Promise<void>
  subscribe: (guildId: string, onEvent: (event: GuildEvent) => void) => () => void
  /** Resolves once this process listens; a subscriber that awaits it cannot miss a later publish. */
  start: () => Promise<void>
  stop: () => Promise<void>
}

const CHANNEL = 'lq_guild_events'

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

/** Fan-out through PostgreSQL LISTEN/NOTIFY (PGlite supports both in-process), so many processes agree. */
export function createRealtime(database: Database, logger: Logger): Realtime {
  const subscribers = new Map<string, Set<(event: GuildEvent) => void>>()
  let unlisten: (() => Promise<void>) | undefined
  let starting: Promise<void> | undefined

  const dispatch = (payload: string) => {
    const event = parseGuildEvent(payload)
    if (!event) return
    for (const handler of subscribers.get(event.guildId) ?? []) {
      // One broken stream must not keep the event from the others.
      try {
        handler(event)
      } catch (error) {
        logger.warn('realtime subscriber failed', { error: String(error) })
      }
    }
  }

  // The listening connection came back after a drop: whatever was published meanwhile is lost, so every
  // open stream is told that everything may have changed and refetches.
  const resync = () => {
    for (const guildId of [...subscribers.keys()]) {
      for (const topic of GUILD_EVENT_TOPICS) dispatch(JSON.stringify({ guildId, topic }))
    }
  }

  const start = () => {
    starting ??= database.listen(CHANNEL, dispatch, resync).then(
      (stop) => {
        unlisten = stop
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

  return {
    start,
    publish: async (event) => {
      try {
        const message: GuildEvent = { guildId: event.guildId, topic: event.topic }
        if (event.itemId) message.itemId = event.itemId
        await database.notify(CHANNEL, JSON.stringify(message))
      } catch (error) {
        // A lost notification costs a refresh, never the write that already committed.
        logger.warn('realtime publish failed', { error: String(error) })
      }
    },
    subscribe: (guildId, onEvent) => {
      start().catch(() => {})
      let set = subscribers.get(guildId)
      if (!set) {
        set = new Set()
        subscribers.set(guildId, set)
      }
      set.add(onEvent)
      return () => {
        set.delete(onEvent)
        if (set.size === 0 && subscribers.get(guildId) === set) subscribers.delete(guildId)
      }
    },
    stop: async () => {
      subscribers.clear()
      await unlisten?.()
      unlisten = undefined
      starting = undefined
    },
  }
}
