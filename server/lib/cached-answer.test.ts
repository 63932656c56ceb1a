import { describe, expect, it } from 'vitest'
import { acceptsGzip } from './cached-answer'

// Whether a cached read may be sent as its gzip bytes (cached-answer.ts), by the request's Accept-Encoding.

describe('acceptsGzip', () => {
  it('follows the header, q-values included, whichever header came before', () => {
    const cases: [string | undefined, boolean][] = [
      ['gzip, deflate, br', true],
      ['gzip;q=0', false],
      ['gzip, deflate, br', true],
      ['br, GZIP;q=0.5', true],
      ['identity', false],
      ['*', true],
      ['br, *;q=0', false],
      [undefined, false],
      ['', false],
      ['gzip;q=0', false],
      ['gzip;q=0', false],
      ['deflate, gzip', true],
    ]
    for (const [header, expected] of cases) expect(acceptsGzip(header), String(header)).toBe(expected)
  })
})
