import { errorResponses } from '../../../contract/common'
import { OverviewSchema } from '../../../contract/overview'
import { guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonResponse } from '../../lib/router'
import { getOverview } from './overview.service'

const route = declareRoutes({ tags: ['overview'], middleware: [...memberChain], responses: errorResponses })

const overviewRoute = route('get', '/overview', {
  summary: 'Dashboard counters and the next player in line for every item',
  responses: { 200: jsonResponse(OverviewSchema, 'Overview') },
})

export const overviewRouter = createRouter().openapi(overviewRoute, async (c) =>
  c.json(await getOverview(c.var.deps, guildIdOf(c)), 200),
)
