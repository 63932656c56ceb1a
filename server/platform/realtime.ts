import type { Database } from '../db/client'
import type { Logger } from '../lib/logger'

/** What changed in a guild; open dashboards and public pages refetch what the topic names. */
export type GuildEvent = {
  guildId: string
  topic: 'queues' | 'items' | 'players' | 'guild' | 'history'
  itemId?: string
}

export type Realtime = {
  /** Call after the transaction commits. Reaches every process through NOTIFY. */
  publish: (event: GuildEvent) => Promise<void>
  subscribe: (guildId: string, onEvent: (event: GuildEvent) => void) => () => void
  start: () => Promise<void>
  stop: () => Promise<void>
}

const CHANNEL = 'lq_guild_events'

/** Fan-out through PostgreSQL LISTEN/NOTIFY (PGlite supports both in-process), so many processes agree. */
export function createRealtime(database: Database, logger: Logger): Realtime {
  const subscribers = new Map<string, Set<(event: GuildEvent) => void>>()
  let unlisten: (() => Promise<void>) | undefined
  let starting: Promise<void> | undefined

  const dispatch = (payload: string) => {
    let event: GuildEvent
    try {
      event = JSON.parse(payload) as GuildEvent
    } catch {
      return
    }
    for (const handler of subscribers.get(event.guildId) ?? []) handler(event)
  }

  const start = () => {
    starting ??= database.listen(CHANNEL, dispatch).then((stop) => {
      unlisten = stop
    })
    return starting
  }

  return {
    start,
    publish: async (event) => {
      try {
        await database.notify(CHANNEL, JSON.stringify(event))
      } catch (error) {
        // A lost notification costs a refresh, never the write that already committed.
        logger.warn('realtime publish failed', { error: String(error) })
      }
    },
    subscribe: (guildId, onEvent) => {
      void start()
      let set = subscribers.get(guildId)
      if (!set) {
        set = new Set()
        subscribers.set(guildId, set)
      }
      set.add(onEvent)
      return () => {
        set.delete(onEvent)
        if (set.size === 0) subscribers.delete(guildId)
      }
    },
    stop: async () => {
      await unlisten?.()
    },
  }
}
