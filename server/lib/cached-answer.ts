import type { Context, TypedResponse } from 'hono'
import type { AppEnv } from '../app-context'
import { type BodyKey, type CachedBody, encodeBody } from '../platform/read-cache'

// Answers a JSON read from the per-process read cache (server/platform/read-cache.ts): ETag and 304 for a
// browser that already holds it, the gzip bytes made once per change for everyone else.

/** Browsers keep the answer but ask each time (If-None-Match); `private`: never a shared cache. */
const CACHE_CONTROL = 'private, no-cache'

// A browser sends the same Accept-Encoding with every request: the last one's answer is kept.
let lastAccept: string | undefined
let lastAccepts = false

export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  if (header === lastAccept) return lastAccepts
  lastAccepts = header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (name !== 'gzip' && name !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
  lastAccept = header
  return lastAccepts
}

export function matchesTag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = weak(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || weak(tag) === wanted)
}

/** A Buffer is the Uint8Array c.body wants (no copy). */
const bytes = (buffer: Buffer) => buffer as Uint8Array<ArrayBuffer>

/** The headers of a cached answer (before the API's own: its secure headers and CSP). */
export function cachedAnswerHeaders(body: CachedBody, gzip: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ETag: body.etag,
    Vary: 'Accept-Encoding',
    'Cache-Control': CACHE_CONTROL,
  }
  if (gzip) headers['Content-Encoding'] = 'gzip'
  return headers
}

/**
 * The headers of a 304: what a 200 would have carried that guides the client's cache (RFC 9110 §15.4.5),
 * and no Content-Type: a 304 has no body.
 */
export function notModifiedHeaders(body: CachedBody): Record<string, string> {
  return { ETag: body.etag, Vary: 'Accept-Encoding', 'Cache-Control': CACHE_CONTROL }
}

export function answerCached(c: Context<AppEnv>, body: CachedBody): Response {
  if (matchesTag(c.req.header('if-none-match'), body.etag)) {
    return c.body(null, 304, notModifiedHeaders(body))
  }
  const gzip = Boolean(body.gzip && acceptsGzip(c.req.header('accept-encoding')))
  const sent = gzip ? body.gzip! : body.raw
  return c.body(bytes(sent), 200, {
    ...cachedAnswerHeaders(body, gzip),
    'Content-Length': String(sent.length),
  })
}

/** The instant until which an answer computed at `now` stays right: the next of `changesAt` after now. */
export function validUntil(now: number, changesAt: (string | null | undefined)[]): number {
  let until = Number.POSITIVE_INFINITY
  for (const at of changesAt) {
    const t = at ? Date.parse(at) : Number.NaN
    if (t > now && t < until) until = t
  }
  return until
}

/**
 * The cached answer of `key` in `guildId`, or `produce`'s (then cached). `produce` runs only when nothing
 * valid is cached and no fill that this request may share is under way (a burst of misses after a change
 * waits for one query); it returns the JSON value and the instants at which its time-derived fields change.
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  guildId: string,
  key: BodyKey,
  produce: () => Promise<{ value: T; changesAt: (string | null | undefined)[] }>,
): Promise<TypedResponse<T, 200, 'json'>> {
  const { readCache, now } = c.get('deps')
  const at = now().getTime()
  const { body } = await readCache.through(guildId, key, at, c.get('arrivedAt'), async () => {
    const { value, changesAt } = await produce()
    return encodeBody(JSON.stringify(value), at, validUntil(at, changesAt))
  })
  return answerCachedJson<T>(c, body!)
}

/** A cached answer typed as the route's JSON for its OpenAPI declaration; the bytes (or a 304) are its own. */
export function answerCachedJson<T>(c: Context<AppEnv>, body: CachedBody): TypedResponse<T, 200, 'json'> {
  return answerCached(c, body) as unknown as TypedResponse<T, 200, 'json'>
}
