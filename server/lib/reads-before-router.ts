import { Hono, type MiddlewareHandler } from 'hono'
import type { Deps } from '../deps'
import type { BodyKey, CachedBody } from '../platform/read-cache'
import { acceptsGzip, cachedAnswerHeaders, matchesTag } from './cached-answer'
import { API_CSP } from './content-security-policy'
import { type RequestLine, requestIdOf } from './request-log'

// Reads whose answer is already in this process's read cache are answered before Hono routes the request
// (issue 13: a raid's public page after every award, a dashboard's queue): no router, context, middleware
// chain, and the answer's headers (the ones the full route sets, with the app-wide security headers) made
// once per cached answer. Each read says who may read without the full route, by the route's own rules;
// anything else (a miss, an error, a refusal, a client without gzip) goes the full way, which answers it as
// always. docs/decisions/009-cached-reads.md, "The short way".

/** One read served this way. */
export type ReadBeforeRouter = {
  /** The path's parts when the path is this read's, else null. */
  match: (path: string) => RegExpExecArray | null
  /**
   * The cached answer to send, when everything the route would check holds here (the member or the access
   * cookie, as caught up with every write before `arrivedAt`); null sends the request the full way.
   */
  cached: (
    request: Request,
    match: RegExpExecArray,
    arrivedAt: number,
  ) => Promise<{ guildId: string; key: BodyKey } | null>
}

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
export function readsBeforeRouter(
  deps: Deps,
  security: MiddlewareHandler,
  log: (line: RequestLine) => void,
  reads: ReadBeforeRouter[],
) {
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

  async function answer(request: Request, path: string, read: ReadBeforeRouter, match: RegExpExecArray) {
    const started = performance.now()
    const found = await read.cached(request, match, started)
    if (!found) return null
    const body = await deps.readCache.get(found.guildId, found.key, deps.now().getTime(), started)
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
    for (const read of reads) {
      const match = read.match(path)
      // Whatever goes wrong here, the full way answers (and reports it).
      if (match) return answer(request, path, read, match).catch(() => null)
    }
    return null
  }
}
