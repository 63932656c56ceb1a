import type { Context } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { GuildEventPayload, StreamReady } from '../../../contract/public'
import type { StreamRevoked } from '../../../contract/session-end'
import type { AppEnv } from '../../app-context'
import type { Deps } from '../../deps'
import { findProfileWithGuild } from '../../auth/context.queries'
import { isDatabaseUnavailable } from '../../platform/database-outage'
import type { GuildEvent } from '../../platform/realtime'

/**
 * Heartbeat every 25 s (docs/decisions/005-public-gate-and-realtime.md); it also keeps proxies from closing
 * an idle stream.
 */
export const HEARTBEAT_MS = 25_000
/** The browser reconnects after 1 s when the connection drops (its own backoff takes over after that). */
const RETRY_MS = 1000
/** A client that stops reading is dropped rather than buffered forever; it catches up on reconnect. */
const MAX_PENDING_WRITES = 100
/**
 * When the process stops, each stream asks its browser to come back after a random delay below this (so the
 * streams of a stopping process do not all arrive at the next one at once), then ends: the browser reconnects,
 * through the proxy, to a process still running, and refetches on its `ready` (docs/decisions/017-running-as-a-service.md).
 */
const RECONNECT_SPREAD_MS = 1000

export type GuildStreamOptions = {
  guildId: string
  /**
   * Re-checks the right to listen (session still valid, cookie still good): anything but true ends the stream,
   * and a StreamRevoked says why in the `revoked` event (a member's stream: contract/session-end.ts).
   */
  stillAllowed: () => Promise<boolean | StreamRevoked>
  /** Events that may have taken the right away (e.g. the guild changed) trigger a re-check first. */
  recheckOn?: (event: GuildEvent) => boolean
  /** The stream ends by itself at this time (e.g. when the access cookie expires). */
  closeAt?: Date
  /**
   * The signed-in user listening: any committed change to their sessions, account or profile (a sign-out, a
   * password changed elsewhere, a deactivation) re-checks the right at once, through the row-change
   * notifications the session cache follows (server/db/functions/lq_notify_user_change.sql), instead of at
   * the next heartbeat.
   */
  userId?: string
}

/** What leaves the server: a topic and maybe an item id, never data (the client refetches what it may see). */
export function presentEvent(event: GuildEvent): GuildEventPayload {
  return event.itemId ? { topic: event.topic, itemId: event.itemId } : { topic: event.topic }
}

/**
 * A server-sent-event stream of one guild's changes: `ready` once subscribed (the client refetches then,
 * which is how it catches up after a reconnect; it says when the guild last changed, so a page drawn from data
 * read before its stream opened catches up too), `change` per event, `revoked` when access ended, and a
 * heartbeat comment every 25 s.
 */
export function streamGuildEvents(c: Context<AppEnv>, options: GuildStreamOptions) {
  const { realtime, logger } = c.get('deps')
  c.header('X-Accel-Buffering', 'no')
  const response = streamSSE(c, async (stream) => {
    /** Set once the stream is ending (revoked, told to reconnect, aborted): nothing more is written. */
    let over = false
    let finish = () => {}
    const finished = new Promise<void>((resolve) => {
      finish = () => {
        over = true
        resolve()
      }
    })
    stream.onAbort(finish)
    c.req.raw.signal?.addEventListener('abort', finish)

    // Writes and re-checks run one after another, so events arrive in the order they were published.
    let chain = Promise.resolve()
    let pending = 0
    const enqueue = (task: () => Promise<void>) => {
      if (pending >= MAX_PENDING_WRITES) return finish()
      pending++
      chain = chain
        .then(async () => {
          if (!over && !stream.aborted && !stream.closed) await task()
        })
        .catch((error: unknown) => {
          logger.warn('event stream write failed', { error: String(error) })
          finish()
        })
        .finally(() => {
          pending--
        })
    }
    // While the database cannot be reached nothing can have been revoked since the last check, and the stream
    // hears nothing anyway: it stays open, and the listener's return re-announces every topic (which re-checks).
    /** null while the right holds, else why it ended. */
    const endedBecause = async (): Promise<StreamRevoked | null> => {
      const verdict = await options.stillAllowed().catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) return true
        throw error
      })
      return verdict === true ? null : verdict === false ? {} : verdict
    }
    const revoke = async (why: StreamRevoked = {}) => {
      await stream.writeSSE({ event: 'revoked', data: JSON.stringify(why) })
      finish()
    }

    const unsubscribe = realtime.subscribe(
      options.guildId,
      (event) =>
        enqueue(async () => {
          const why = options.recheckOn?.(event) ? await endedBecause() : null
          if (why) return revoke(why)
          await stream.writeSSE({ event: 'change', data: JSON.stringify(presentEvent(event)) })
        }),
      () =>
        enqueue(async () => {
          await stream.write(`retry: ${100 + Math.floor(Math.random() * (RECONNECT_SPREAD_MS - 100))}\n\n`)
          await stream.writeSSE({ event: 'reconnect', data: '{}' })
          finish()
        }),
    )
    const recheck = () =>
      enqueue(async () => {
        const why = await endedBecause()
        if (why) await revoke(why)
      })
    const stopWatchingUser = options.userId
      ? realtime.watch({
          row: (change) => 'userId' in change && change.userId === options.userId && recheck(),
          reset: () => {},
        })
      : () => {}
    const heartbeat = setInterval(
      () =>
        enqueue(async () => {
          const why = await endedBecause()
          if (why) return revoke(why)
          await stream.write(': heartbeat\n\n')
        }),
      HEARTBEAT_MS,
    )
    const closeAfter = options.closeAt ? options.closeAt.getTime() - c.get('deps').now().getTime() : null
    // setTimeout holds at most ~24.8 days; access cookies last hours.
    const expiry =
      closeAfter === null ? undefined : setTimeout(() => enqueue(() => revoke()), Math.max(0, closeAfter))

    try {
      await realtime.start()
      // In the chain: a stream told to reconnect (or revoked) before it was ready says nothing more.
      enqueue(async () => {
        await stream.write(`retry: ${RETRY_MS}\n\n`)
        const ready: StreamReady = { changedAt: realtime.lastChangeAt(options.guildId) }
        await stream.writeSSE({ event: 'ready', data: JSON.stringify(ready) })
      })
    } catch (error) {
      // Without a listener the stream would be silently deaf: end it, the client retries.
      logger.warn('event stream could not start', { error: String(error) })
      finish()
    }

    await finished
    stopWatchingUser()
    clearInterval(heartbeat)
    clearTimeout(expiry)
    unsubscribe()
    // Let a last `revoked` reach the browser; a client that stopped reading is cut off instead.
    let drainTimer: ReturnType<typeof setTimeout> | undefined
    const drained = await Promise.race([
      chain.then(() => true),
      new Promise<boolean>((resolve) => {
        drainTimer = setTimeout(() => resolve(false), 2000)
      }),
    ])
    clearTimeout(drainTimer)
    if (!drained) stream.abort()
  })
  // hono's streamSSE answers `Connection: keep-alive`, over the close a stopping process puts on every answer
  // (server/main.ts): a browser with no proxy in front then came straight back over the same connection,
  // stream after stream, each told at once to reconnect, hundreds of times until the process cut it off.
  if (c.get('deps').lifecycle.draining) response.headers.set('Connection', 'close')
  return response
}

/**
 * The session behind a member's stream is still valid, active, and in the same guild: true, else why not, as
 * the dashboard's next request's 401 would say it (server/auth/guards.ts): the ended session's recorded
 * reason, or a profile deactivated under a live session.
 */
export async function memberStillAllowed(
  deps: Deps,
  headers: Headers,
  guildId: string,
): Promise<true | StreamRevoked> {
  const found = await deps.auth.api.getSession({ headers })
  if (!found) return { reason: (await deps.sessions.endOf(headers)) ?? 'expired' }
  const row = await findProfileWithGuild(deps.database.db, found.user.id)
  if (row?.profile.isActive && row.profile.guildId === guildId) return true
  return row?.profile.isActive === false ? { reason: 'deactivated' } : {}
}
