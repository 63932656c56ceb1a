import { z } from '@hono/zod-openapi'
import { createRouter, declareRoutes, jsonResponse } from '../../lib/router'

const HealthSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .openapi('Health')

const route = declareRoutes({ tags: ['system'] })

const healthRoute = route('get', '/health', {
  summary: 'Liveness and database check',
  responses: {
    200: jsonResponse(HealthSchema, 'Healthy'),
    503: { description: 'Database unreachable' },
  },
})

export const healthRouter = createRouter().openapi(healthRoute, async (c) => {
  const { database } = c.get('deps')
  await database.ping()
  return c.json({ status: 'ok' as const, database: database.kind }, 200)
})
