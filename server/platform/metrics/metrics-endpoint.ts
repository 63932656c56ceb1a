import { createHash, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Metrics } from './metrics'

// Metrics are never public: they are served on their own port (METRICS_PORT, on METRICS_HOST: loopback by
// default), or on the app's port to a scraper that sends METRICS_TOKEN as a bearer token, or not at all.

const digest = (value: string) => createHash('sha256').update(value).digest()

/** GET /metrics: the exposition text, or 401 unless the request carries `token` (when one is set). */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  const expected = token === undefined ? null : digest(`Bearer ${token}`)
  return async (request: Request): Promise<Response> => {
    // Compared as digests, in constant time: the token's length and prefix stay unknown to a guesser.
    if (expected && !timingSafeEqual(digest(request.headers.get('authorization') ?? ''), expected)) {
      return new Response('Unauthorized\n', {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' },
      })
    }
    const { text, contentType } = await metrics.expose()
    return new Response(text, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
  }
}

export type MetricsServer = { port: number; close: () => Promise<void> }

/** A listener of its own for /metrics (METRICS_PORT); anything else it is asked answers 404. */
export async function startMetricsServer(options: {
  metrics: Metrics
  port: number
  hostname: string
  token?: string
}): Promise<MetricsServer> {
  const handle = metricsHandler(options.metrics, options.token)
  const server = serve({
    port: options.port,
    hostname: options.hostname,
    fetch: (request) => {
      const { pathname } = new URL(request.url)
      if (request.method === 'GET' && pathname === '/metrics') return handle(request)
      return new Response('Not found\n', { status: 404 })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}
