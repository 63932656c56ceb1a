import { gunzipSync } from 'node:zlib'
import { expect, type MockInstance } from 'vitest'
import { headersButDate } from '../test/harness'

// Shared by the tests of the reads answered before the router (reads-before-router.ts): the public view and
// queues, and a dashboard's queue.

/**
 * Reads a cached answer twice through `get` (which asks for gzip): the first read goes the full way, the
 * second the short way, seen from `fullWay`, a spy on what only the full way calls (once, and not again).
 * The short answer must be a 200 with the full answer's headers and gzip body. Answers it and its body.
 */
export async function expectShortWayAsFull(get: () => Response | Promise<Response>, fullWay: MockInstance) {
  const full = await get()
  expect(fullWay).toHaveBeenCalledTimes(1)
  const short = await get()
  expect(fullWay).toHaveBeenCalledTimes(1)
  expect(short.status).toBe(200)
  expect(headersButDate(short)).toEqual(headersButDate(full))
  expect(short.headers.get('content-encoding')).toBe('gzip')
  const body = gunzipSync(Buffer.from(await short.arrayBuffer())).toString()
  expect(body).toBe(gunzipSync(Buffer.from(await full.arrayBuffer())).toString())
  return { short, body }
}
