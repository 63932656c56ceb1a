import { Hono, type MiddlewareHandler } from 'hono'
import type { Deps } from '../deps'
import type { BodyKey, CachedBody } from '../platform/read-cache'
import { acceptsGzip, cachedAnswerHeaders, matchesTag, notModifiedHeaders } from './cached-answer'
import { andThen, type MaybePromise } from './maybe-promise'
import { API_CSP } from './content-security-policy'
import { type RequestLine, requestIdOf } from './request-log'

// Reads whose answer is already in this process's read cache are answered before Hono routes the request
// (issue 13: a raid's public page after every award, a dashboard's queue): no router, context, middleware
// chain, and the answer's headers (the ones the full route sets, with the API's secure headers) made
// once per cached answer. Each read says who may read without the full route, by the route's own rules;
// anything else (a miss, an error, a refusal, a client without gzip) goes the full way, which answers it as
// always. A read whose checks depend only on the path, the cookies, the time and the read cache lets its
// answer be remembered for that path and Cookie header: a raid's browsers ask the same again and again.
// docs/decisions/009-cached-reads.md, "The short way".

/** One read served this way. */
export type ReadBeforeRouter = {
  /** The path's parts when the path is this read's, else null. */
  match: (path: string) => RegExpExecArray | null
  /**
   * The cached answer to send, when everything the route would check holds here (the member or the access
   * cookie, as caught up with every write before `arrivedAt`); null sends the request the full way.
   * `sameUntil`: the same path and Cookie header get the same answer until this instant, as long as the
   * read cache drops nothing (its `drops()`); only a read whose checks read nothing else may say so.
   */
  cached: (
    request: Request,
    match: RegExpExecArray,
    arrivedAt: number,
  ) => MaybePromise<{ guildId: string; key: BodyKey; sameUntil?: number } | null>
}

/** An answer remembered for a path and Cookie header: it stands in [from, until) while nothing is dropped. */
type Decision = { body: CachedBody; from: number; until: number }
/** A bound on memory: past it, the decisions start over. */
const MAX_DECISIONS = 10_000

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
 * `security`: the API's secure-headers middleware, whose headers every API answer carries. `log`: the request
 * line every answer gets. Answers null (synchronously, for every other request) when the full way must.
 */
export function readsBeforeRouter(
  deps: Deps,
  security: MiddlewareHandler,
  log: (line: RequestLine) => void,
  reads: ReadBeforeRouter[],
) {
  // The API's headers, known once the secure-headers middleware has run on a probe; until then (the first
  // instants of the process) every read goes the full way.
  let common: Record<string, string> | undefined
  // Should the probe ever fail, every read keeps going the full way (no unhandled rejection).
  headersOf(security).then(
    (headers) => {
      common = { ...headers, 'content-security-policy': API_CSP }
    },
    () => {},
  )
  // The headers of each cached answer, sent as they are: the 200 (gzip) and the 304.
  const heads = new WeakMap<
    CachedBody,
    { gzip: Record<string, string>; notModified: Record<string, string> }
  >()
  const headsOf = (body: CachedBody, common: Record<string, string>) => {
    let made = heads.get(body)
    if (!made) {
      made = {
        // Stated here, not left to the server adapter: the head and the body then leave in one write.
        gzip: {
          ...common,
          ...cachedAnswerHeaders(body, true),
          'Content-Length': String(body.gzip?.length ?? 0),
        },
        notModified: { ...common, ...notModifiedHeaders(body) },
      }
      heads.set(body, made)
    }
    return made
  }

  // Every decision was made while the read cache's drops() was `decidedAt`; any drop since voids them all.
  let decisions = new Map<string, Decision>()
  let decidedAt = -1
  const voidIfDropped = () => {
    const drops = deps.readCache.drops()
    if (drops !== decidedAt) {
      decisions = new Map()
      decidedAt = drops
    }
  }
  const remember = (memo: string, drops: number, decision: Decision) => {
    voidIfDropped()
    if (drops !== decidedAt) return
    if (decisions.size >= MAX_DECISIONS) decisions = new Map()
    decisions.set(memo, decision)
  }

  /** The cached answer, with no promise when all of it is known now (on PGlite, always: lib/maybe-promise.ts). */
  function answer(request: Request, path: string, read: ReadBeforeRouter, match: RegExpExecArray) {
    const started = performance.now()
    const memo = `${path}\n${request.headers.get('cookie') ?? ''}`
    if (!decisions.has(memo)) return decide(request, path, read, match, memo, started)
    // Remembered: once every write before this request is known here, it stands unless something dropped.
    return andThen(deps.realtime.caughtUp(started), (caughtUp) => {
      if (!caughtUp) return null
      voidIfDropped()
      const known = decisions.get(memo)
      const now = deps.now().getTime()
      if (known && known.from <= now && now < known.until) return send(request, path, known.body, started)
      return decide(request, path, read, match, memo, started)
    })
  }

  function decide(
    request: Request,
    path: string,
    read: ReadBeforeRouter,
    match: RegExpExecArray,
    memo: string,
    started: number,
  ) {
    // Taken before the checks: a drop while they run keeps their answer from being remembered.
    const drops = deps.readCache.drops()
    return andThen(read.cached(request, match, started), (found) => {
      if (!found) return null
      const now = deps.now().getTime()
      return andThen(deps.readCache.get(found.guildId, found.key, now, started), (body) => {
        if (!body) return null
        if (found.sameUntil !== undefined)
          remember(memo, drops, { body, from: now, until: Math.min(found.sameUntil, body.until) })
        return send(request, path, body, started)
      })
    })
  }

  function send(request: Request, path: string, body: CachedBody, started: number): Response | null {
    if (!common) return null
    const notModified = matchesTag(request.headers.get('if-none-match') ?? undefined, body.etag)
    if (!notModified && !(body.gzip && acceptsGzip(request.headers.get('accept-encoding') ?? undefined)))
      return null
    const made = headsOf(body, common)
    const res = notModified
      ? new Response(null, { status: 304, headers: made.notModified })
      : new Response(body.gzip as Uint8Array<ArrayBuffer>, { status: 200, headers: made.gzip })
    log({ requestId: requestIdOf(request), method: 'GET', path, status: res.status, started })
    return res
  }

  /** null: route it. A promise of null: route it once known. */
  return (request: Request): MaybePromise<Response | null> => {
    if (request.method !== 'GET') return null
    const path = pathOf(request.url)
    for (const read of reads) {
      const match = read.match(path)
      if (!match) continue
      // Whatever goes wrong here, the full way answers (and reports it).
      try {
        const res = answer(request, path, read, match)
        return res instanceof Promise ? res.catch(() => null) : res
      } catch {
        return null
      }
    }
    return null
  }
}
