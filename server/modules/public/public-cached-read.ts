import { Hono, type MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../app-env'
import { acceptsGzip, cachedAnswerHeaders, matchesTag } from '../../lib/cached-answer'
import { API_CSP } from '../../lib/content-security-policy'
import { accessCookieName } from './public-cookie'
import { cachedAccess } from './public.service'

// A raid asks for the public view and queues after every award (issue 13). When everything such a read
// needs is already in this process (the gate's guild row, a cookie verified before, the gzip of the current
// answer), it is answered here, before the router, the session lookup and the per-response header
// middlewares, with the same headers they would have set, computed once. Anything else (a miss, an error,
// a client without gzip, a stream) goes the full way. The rules are the route's own: the same cached row
// caught up with every earlier write, the same block check, the same cookie check (public.service.ts).

const READ_PATH = /^\/api\/v1\/public\/guilds\/([a-z0-9-]{1,200})\/(?:view|items\/([0-9a-f-]{36})\/queue)$/

/** What `middleware` sets on every answer, found by running it once on an empty one. */
async function headersOf(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null, 204))
  const res = await probe.request('/')
  return Object.fromEntries(res.headers)
}

/** `security`: the app's secure-headers middleware, whose headers every answer carries. */
export function publicReadsFromCache(security: MiddlewareHandler): MiddlewareHandler<AppEnv> {
  let fixed: Promise<Record<string, string>> | undefined
  return async (c, next) => {
    const match = c.req.method === 'GET' ? READ_PATH.exec(c.req.path) : null
    if (!match) return next()
    const { deps, arrivedAt } = c.var
    const [, slug, itemId] = match
    const guild = await cachedAccess(deps, slug!, (id) => getCookie(c, accessCookieName(id)), arrivedAt)
    if (!guild) return next()
    const key = itemId ? { kind: 'public-queue' as const, itemId } : { kind: 'public-view' as const }
    const body = await deps.readCache.get(guild.id, key, deps.now().getTime(), arrivedAt)
    if (!body) return next()
    const notModified = matchesTag(c.req.header('if-none-match'), body.etag)
    if (!notModified && !(body.gzip && acceptsGzip(c.req.header('accept-encoding')))) return next()
    fixed ??= headersOf(security).then((headers) => ({ ...headers, 'content-security-policy': API_CSP }))
    const headers = { ...(await fixed), ...cachedAnswerHeaders(body, !notModified) }
    if (notModified) return new Response(null, { status: 304, headers })
    // Stated here, not left to the server adapter: the head and the body then leave in one write.
    headers['Content-Length'] = String(body.gzip!.length)
    return new Response(body.gzip as Uint8Array<ArrayBuffer>, { status: 200, headers })
  }
}
