import { createRoute } from '@hono/zod-openapi'
import { errorResponses } from '../../../contract/common'
import { OverviewSchema } from '../../../contract/overview'
import { guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, jsonResponse } from '../../lib/router'
import { getOverview } from './overview.service'

const overviewRoute = createRoute({
  tags: ['overview'],
  middleware: [...memberChain],
  method: 'get',
  path: '/overview',
  summary: 'Dashboard counters and the next player in line for every item',
  responses: {
    200: jsonResponse(OverviewSchema, 'Overview'),
    ...errorResponses,
  },
})

export const overviewRouter = createRouter().openapi(overviewRoute, async (c) =>
  c.json(await getOverview(c.var.deps, guildIdOf(c)), 200),
)
