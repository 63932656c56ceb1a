import { z } from '@hono/zod-openapi'
import { createRouter, declareRoutes, jsonResponse, retryAfterHeader } from '../../lib/router'
import { RETRY_AFTER_SECONDS } from '../../platform/database-outage'

// What a load balancer and a supervisor ask a process (docs/decisions/017-running-as-a-service.md):
// live — the process answers (restart it if not); ready — send it requests (its database answers and it is
// not stopping). /health is the older check of the database, kept for the scripts and monitors that use it.

const HealthSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .openapi('Health')

const LiveSchema = z.object({ status: z.literal('ok') }).openapi('Liveness')

const ReadinessSchema = z
  .object({
    status: z.enum(['ready', 'draining', 'database unavailable']),
    database: z.enum(['pglite', 'postgres']),
  })
  .openapi('Readiness')

/** A readiness check that waited this long for the database says it is not reachable. */
const READY_PING_TIMEOUT_MS = 2000

const route = declareRoutes({ tags: ['system'] })

const healthRoute = route('get', '/health', {
  summary: 'Liveness and database check',
  responses: {
    200: jsonResponse(HealthSchema, 'Healthy'),
    503: { description: 'Database unreachable' },
  },
})

const liveRoute = route('get', '/health/live', {
  summary: 'Liveness: the process answers',
  description: 'Reads nothing: a process that answers is alive, whatever its database does.',
  responses: { 200: jsonResponse(LiveSchema, 'Alive') },
})

const readyRoute = route('get', '/health/ready', {
  summary: 'Readiness: the database answers and the process is not stopping',
  description:
    'A load balancer sends requests only to a process that answers 200. 503 (with Retry-After) while the ' +
    'database cannot be reached, and from the moment the process is asked to stop (SIGTERM).',
  responses: {
    200: jsonResponse(ReadinessSchema, 'Ready'),
    503: {
      ...jsonResponse(ReadinessSchema, 'Draining, or the database cannot be reached'),
      headers: retryAfterHeader,
    },
  },
})

/** Resolves whether the database answered `select 1` within the timeout. */
async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_PING_TIMEOUT_MS)
  })
  try {
    return await Promise.race([ping().then(() => true), late])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export const healthRouter = createRouter()
  .openapi(healthRoute, async (c) => {
    const { database } = c.get('deps')
    await database.ping()
    return c.json({ status: 'ok' as const, database: database.kind }, 200)
  })
  .openapi(liveRoute, (c) => c.json({ status: 'ok' as const }, 200))
  .openapi(readyRoute, async (c) => {
    const { database, lifecycle } = c.get('deps')
    c.header('Cache-Control', 'no-store')
    const status = lifecycle.draining
      ? 'draining'
      : (await databaseAnswers(database.ping))
        ? 'ready'
        : 'database unavailable'
    if (status === 'ready') return c.json({ status, database: database.kind }, 200)
    c.header('Retry-After', String(RETRY_AFTER_SECONDS))
    return c.json({ status, database: database.kind }, 503)
  })
