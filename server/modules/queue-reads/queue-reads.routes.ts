import { createMiddleware } from 'hono/factory'
import type { QueueView } from '../../../contract/queues'
import type { AppEnv } from '../../app-context'
import type { SessionContext } from '../../auth/session-cache'
import type { Deps } from '../../deps'
import { answerText } from '../../lib/api-framing'
import { answerCached, validUntil } from '../../lib/cached-answer'
import { andThen } from '../../lib/maybe-promise'
import type { ReadBeforeRouter } from '../../lib/reads-before-router'
import { createRouter } from '../../lib/router'
import { encodeBody } from '../../platform/read-cache'

// The dashboard's queue read (GET /items/:id/queue, the queues module's route) served from the read cache:
// the answer is the same for every member of the guild, and it changes only when a write publishes an event
// for that item (or for the guild's players). This sits in front of the route instead of inside it, so the
// queues module keeps one read path. A cached answer is also sent before the router (below, and
// server/lib/reads-before-router.ts). docs/decisions/009-cached-reads.md.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const QUEUE_PATH =
  /^\/api\/v1\/items\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/queue$/i

/**
 * The guild whose queues the session may read without the route: a signed-in, active member of a guild.
 * Anything the route's guards would refuse (or act on: a deactivated member's sessions end) goes to the
 * route, which answers it as always.
 */
const readerGuild = (
  session: {
    user: SessionContext['user'] | null
    profile: SessionContext['profile']
    guild: SessionContext['guild']
  } | null,
) => (session?.user && session.profile?.isActive && session.guild ? session.guild.id : null)

/** A cached queue, sent before the router to a member who may read it. */
export function queueReadsBeforeRouter(deps: Deps): ReadBeforeRouter {
  return {
    match: (path) => QUEUE_PATH.exec(path),
    cached: (request, [, itemId], arrivedAt) =>
      andThen(deps.sessions.resolve(request.headers, arrivedAt), (session) => {
        const guildId = readerGuild(session)
        return guildId ? { guildId, key: { kind: 'queue' as const, itemId: itemId! } } : null
      }),
  }
}

const cachedQueueRead = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps')
  const guildId = readerGuild({ user: c.get('user'), profile: c.get('profile'), guild: c.get('guild') })
  const itemId = c.req.param('id') ?? ''
  if (c.req.method !== 'GET' || !guildId || !UUID.test(itemId)) return next()
  const key = { kind: 'queue' as const, itemId }
  const at = deps.now().getTime()
  const { body, own } = await deps.readCache.through(guildId, key, at, c.get('arrivedAt'), async () => {
    await next()
    if (c.res.status !== 200) return null
    const text = await answerText(c.res)
    const view = JSON.parse(text) as QueueView
    const changesAt = [...view.entries.map((e) => e.penaltyUntil), view.undo?.expiresAt]
    return encodeBody(text, at, validUntil(at, changesAt))
  })
  if (body) {
    // A new answer, not the route's with its headers merged in: Hono's c.res setter keeps the old answer's
    // headers, its Content-Length included, which would then misstate the cached body's.
    c.res = undefined
    c.res = answerCached(c, body)
  }
  // Not cacheable (the route refused): the fill's own answer stands; a request that waited for it asks anew.
  else if (!own) await next()
})

export const queueReadsRouter = createRouter()
queueReadsRouter.use('/items/:id/queue', cachedQueueRead)
