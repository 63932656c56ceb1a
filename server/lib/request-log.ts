import { randomUUID } from 'node:crypto'
import type { Logger } from './logger'

// The request log: one line per answer, whichever way it was answered (routed by Hono, or a cached public
// read answered before the router).

export type RequestLine = {
  requestId: string
  method: string
  path: string
  status: number
  started: number
  /** performance.now() at the answer, when the caller read it already (the metrics need it too). */
  ended?: number
}

/** A request's id: the one a proxy in front gave it, else a new one. */
export const requestIdOf = (request: Request) => request.headers.get('x-request-id') ?? randomUUID()

export const requestLogger = (logger: Logger) => (line: RequestLine) =>
  logger.info('request', {
    requestId: line.requestId,
    method: line.method,
    path: line.path,
    status: line.status,
    ms: Math.round((line.ended ?? performance.now()) - line.started),
  })
