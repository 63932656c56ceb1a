import type { Deps } from '../../deps'
import { cookieValue } from '../../lib/cookie-value'
import { andThen } from '../../lib/maybe-promise'
import type { ReadBeforeRouter } from '../../lib/reads-before-router'
import { accessCookieName } from './public-cookie'
import { cachedAccess } from './public.service'

// The public view and queues, answered before the router when cached (server/lib/reads-before-router.ts):
// a raid asks for them after every award. The rules are the route's own: the same cached guild row caught up
// with every earlier write, the same block check, the same cookie check (public.service.ts).

const READ_PATH = /^\/api\/v1\/public\/guilds\/([a-z0-9-]{1,200})\/(?:view|items\/([0-9a-f-]{36})\/queue)$/

export function publicReadsBeforeRouter(deps: Deps): ReadBeforeRouter {
  return {
    match: (path) => READ_PATH.exec(path),
    cached: (request, [, slug, itemId], arrivedAt) => {
      const cookies = request.headers.get('cookie')
      const access = cachedAccess(deps, slug!, (id) => cookieValue(cookies, accessCookieName(id)), arrivedAt)
      return andThen(access, (open) => {
        if (!open) return null
        const key = itemId ? { kind: 'public-queue' as const, itemId } : { kind: 'public-view' as const }
        // The same path and cookies get the same answer until the access closes or the cache drops anything.
        return { guildId: open.guild.id, key, sameUntil: open.until }
      })
    },
  }
}
