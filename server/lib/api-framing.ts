import { gunzipSync, gzipSync } from 'node:zlib'
import { createMiddleware } from 'hono/factory'
import { GZIP_THRESHOLD } from '../platform/read-cache'
import { acceptsGzip } from './cached-answer'

// Two things the HTTP framing of an API request already tells, said where Hono and its helpers would
// otherwise find them out the costly way (issue 13: measured as a tenth of a queue write's CPU in Node).
//
// - A JSON answer states its length. Hono's compress cannot tell a small answer without it: it rebuilt every
//   answer of unknown length (most API answers are a few hundred bytes) to add `Vary`, and gzipped each as a
//   stream. With the length, answers under its 1 kB threshold are left alone.
// - A JSON answer from 1 kB to SYNC_GZIP_LIMIT is gzipped here, from the text in hand, with its `Vary`. Hono's
//   compress adds `Vary` with c.header(), which on a finished answer builds the full web Response and a copy
//   of it, then gzips through a CompressionStream: 0.3 ms of CPU per answer in Node, measured on an award
//   during a raid night (its answer lists the players it passed over, ~1.2 kB), against ~0.03 ms here.
//   Larger answers are still streamed by Hono's compress (zlib's work off the main thread).
// - A request that carries no body by its framing (no Transfer-Encoding, no Content-Length or 0: RFC 9112
//   §6.3) reads as bodiless. A POST without a body (a queue action without a note) otherwise made
//   @hono/zod-openapi's content-type gate build the full web Request and clone its empty stream to find out.

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Past this, gzip's work (~1 ms for 64 kB) is left to a stream, off the main thread. */
const SYNC_GZIP_LIMIT = 64 * 1024

export const apiFraming = createMiddleware(async (c, next) => {
  const raw = c.req.raw
  if (
    !BODYLESS.has(raw.method) &&
    !raw.headers.has('transfer-encoding') &&
    (raw.headers.get('content-length') ?? '0') === '0'
  ) {
    Object.defineProperty(raw, 'body', { value: null })
  }
  // Hono's own json(), with the length: the same arguments (a status or an init, then headers).
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object)
    const length = Buffer.byteLength(text)
    const framed: Record<string, string | string[]> = { 'Content-Type': 'application/json', ...headers }
    if (length < GZIP_THRESHOLD || length > SYNC_GZIP_LIMIT) {
      return c.body(text, arg as never, { ...framed, 'Content-Length': String(length) })
    }
    framed.Vary = framed.Vary ? `${framed.Vary}, Accept-Encoding` : 'Accept-Encoding'
    if (!acceptsGzip(c.req.header('accept-encoding'))) {
      return c.body(text, arg as never, { ...framed, 'Content-Length': String(length) })
    }
    const gzipped = gzipSync(text) as Uint8Array<ArrayBuffer>
    const encoded = { ...framed, 'Content-Encoding': 'gzip', 'Content-Length': String(gzipped.length) }
    return c.body(gzipped, arg as never, encoded)
  }) as unknown as typeof c.json
  await next()
})

/** The JSON text of an answer framed here, gzipped or not (a middleware that keeps the route's answer). */
export async function answerText(res: Response): Promise<string> {
  if (res.headers.get('content-encoding') !== 'gzip') return res.text()
  return gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
}
