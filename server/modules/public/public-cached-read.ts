import { Hono, type MiddlewareHandler } from 'hono'
import type { Deps } from '../../deps'
import { acceptsGzip, cachedAnswerHeaders, matchesTag } from '../../lib/cached-answer'
import { API_CSP } from '../../lib/content-security-policy'
import { cookieValue } from '../../lib/cookie-value'
import { type RequestLine, requestIdOf } from '../../lib/request-log'
import type { CachedBody } from '../../platform/read-cache'
import { accessCookieName } from './public-cookie'
import { cachedAccess } from './public.service'

// A raid asks for the public view and queues after every award (issue 13). When everything such a read
// needs is already in this process (the gate's guild row, a cookie verified before, the gzip of the current
// answer), it is answered here, before Hono routes the request: no router, context, middleware chain or
// session lookup, and the answer's headers (the ones the full route sets, with the app-wide security
// headers) made once per cached answer. Anything else (a miss, an error, a client without gzip, a stream)
// goes the full way. The rules are the route's own: the same cached row caught up with every earlier write,
// the same block check, the same cookie check (public.service.ts).

const READ_PATH = /^\/api\/v1\/public\/guilds\/([a-z0-9-]{1,200})\/(?:view|items\/([0-9a-f-]{36})\/queue)$/

/** A URL's path without its query, as Hono reads it. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  const query = url.indexOf('?', start)
  return query < 0 ? url.slice(start) : url.slice(start, query)
}

/** What `middleware` sets on every answer, found by running it once on an empty one. */
async function headersOf(middleware: MiddlewareHandler): Promise<Record<string, string>> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null, 204))
  const res = await probe.request('/')
  return Object.fromEntries(res.headers)
}

/**
 * `security`: the app's secure-headers middleware, whose headers every answer carries. `log`: the request
 * line every answer gets. Answers null (synchronously, for every other request) when the full way must.
 */
export function cachedPublicReads(deps: Deps, security: MiddlewareHandler, log: (line: RequestLine) => void) {
  let fixed: Promise<Record<string, string>> | undefined
  // The headers of each cached answer, sent as they are: the 200 (gzip) and the 304.
  const heads = new WeakMap<
    CachedBody,
    { gzip: Record<string, string>; notModified: Record<string, string> }
  >()
  const headsOf = async (body: CachedBody) => {
    let made = heads.get(body)
    if (!made) {
      fixed ??= headersOf(security).then((headers) => ({ ...headers, 'content-security-policy': API_CSP }))
      const common = await fixed
      made = {
        // Stated here, not left to the server adapter: the head and the body then leave in one write.
        gzip: {
          ...common,
          ...cachedAnswerHeaders(body, true),
          'Content-Length': String(body.gzip?.length ?? 0),
        },
        notModified: { ...common, ...cachedAnswerHeaders(body, false) },
      }
      heads.set(body, made)
    }
    return made
  }

  async function answer(request: Request, path: string, slug: string, itemId: string | undefined) {
    const started = performance.now()
    const cookies = request.headers.get('cookie')
    const guild = await cachedAccess(deps, slug, (id) => cookieValue(cookies, accessCookieName(id)), started)
    if (!guild) return null
    const key = itemId ? { kind: 'public-queue' as const, itemId } : { kind: 'public-view' as const }
    const body = await deps.readCache.get(guild.id, key, deps.now().getTime(), started)
    if (!body) return null
    const notModified = matchesTag(request.headers.get('if-none-match') ?? undefined, body.etag)
    if (!notModified && !(body.gzip && acceptsGzip(request.headers.get('accept-encoding') ?? undefined)))
      return null
    const made = await headsOf(body)
    const res = notModified
      ? new Response(null, { status: 304, headers: made.notModified })
      : new Response(body.gzip as Uint8Array<ArrayBuffer>, { status: 200, headers: made.gzip })
    log({ requestId: requestIdOf(request), method: 'GET', path, status: res.status, started })
    return res
  }

  return (request: Request): Promise<Response | null> | null => {
    if (request.method !== 'GET') return null
    const path = pathOf(request.url)
    const match = READ_PATH.exec(path)
    if (!match) return null
    // Whatever goes wrong here, the full way answers (and reports it).
    return answer(request, path, match[1]!, match[2]).catch(() => null)
  }
}
