import { errorResponses } from '../../../contract/common'
import { OverviewSchema } from '../../../contract/overview'
import { guildIdOf, memberChain } from '../../auth/guards'
import { cachedJson } from '../../lib/cached-answer'
import { cachedJsonResponses, createRouter, declareRoutes } from '../../lib/router'
import { getOverview } from './overview.service'

const route = declareRoutes({ tags: ['overview'], middleware: [...memberChain], responses: errorResponses })

const overviewRoute = route('get', '/overview', {
  summary: 'Dashboard counters and the next player in line for every item',
  responses: cachedJsonResponses(OverviewSchema, 'Overview'),
})

// From the read cache (docs/decisions/009-cached-reads.md): the dashboard's first screen, a query over every
// item's queue, changed only by writes, by a penalty's end (which can make its player next up again) and by a
// raid night's start and end.
export const overviewRouter = createRouter().openapi(overviewRoute, async (c) => {
  const guildId = guildIdOf(c)
  return cachedJson(c, guildId, { kind: 'overview' }, async () => {
    const { overview, changesAt } = await getOverview(c.get('deps'), guildId)
    return { value: overview, changesAt }
  })
})
