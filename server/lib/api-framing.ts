import { createMiddleware } from 'hono/factory'

// Two things the HTTP framing of an API request already tells, said where Hono and its helpers would
// otherwise find them out the costly way (issue 13: measured as a tenth of a queue write's CPU in Node).
//
// - A JSON answer states its length. Hono's compress cannot tell a small answer without it: it rebuilt every
//   answer of unknown length (most API answers are a few hundred bytes) to add `Vary`, and gzipped each as a
//   stream. With the length, answers under its 1 kB threshold are left alone and larger ones still gzipped.
// - A request that carries no body by its framing (no Transfer-Encoding, no Content-Length or 0: RFC 9112
//   §6.3) reads as bodiless. A POST without a body (a queue action without a note) otherwise made
//   @hono/zod-openapi's content-type gate build the full web Request and clone its empty stream to find out.

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])

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
    const framed = {
      'Content-Type': 'application/json',
      ...headers,
      'Content-Length': String(Buffer.byteLength(text)),
    }
    return c.body(text, arg as never, framed)
  }) as unknown as typeof c.json
  await next()
})
