import { errorResponses, IdParamSchema, proErrorResponses } from '../../../contract/common'
import {
  RankDeletedSchema,
  RankFirstSchema,
  RankInputSchema,
  RankListSchema,
  RankOrderSchema,
  RankSchema,
} from '../../../contract/ranks'
import { actorOf, guildIdOf, memberChain, proAdminChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import {
  createRank,
  deleteRank,
  getRankFirst,
  getRanks,
  reorderRanks,
  renameRank,
  setRankFirst,
} from './ranks.service'

// Managing ranks is the Pro plan's "role management", for admins (docs/decisions/018-ranks.md). Reading them
// is not Pro: the players page and the queues show the ranks a guild made, whatever its plan.
const memberRoute = declareRoutes({
  tags: ['ranks'],
  middleware: [...memberChain],
  responses: errorResponses,
})
const route = declareRoutes({ tags: ['ranks'], middleware: proAdminChain, responses: proErrorResponses })

const listRoute = memberRoute('get', '/ranks', {
  summary: "The guild's ranks, highest (level 0) first, each with how many players hold it",
  responses: { 200: jsonResponse(RankListSchema, 'Ranks') },
})
const createRankRoute = route('post', '/ranks', {
  summary: 'Adds a rank below the others (409 RANK_LIMIT_REACHED past 20, RANK_NAME_TAKEN whatever the case)',
  request: { body: jsonBody(RankInputSchema) },
  responses: { 201: jsonResponse(RankSchema, 'The new rank') },
})
const renameRoute = route('patch', '/ranks/{id}', {
  summary: 'Renames a rank (409 RANK_NAME_TAKEN)',
  request: { params: IdParamSchema, body: jsonBody(RankInputSchema) },
  responses: { 200: jsonResponse(RankSchema, 'The rank') },
})
const reorderRoute = route('put', '/rank-order', {
  summary: 'Sets every level at once: all the ranks, highest first (409 RANK_ORDER_MISMATCH otherwise)',
  request: { body: jsonBody(RankOrderSchema) },
  responses: { 200: jsonResponse(RankListSchema, 'Ranks') },
})
const deleteRoute = route('delete', '/ranks/{id}', {
  summary:
    'Deletes a rank: its players keep none; answers how many held it (409 RANK_IS_ITEM_MINIMUM while items take it as minimum)',
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(RankDeletedSchema, 'How many players lost the rank') },
})
const rankFirstRoute = memberRoute('get', '/rank-first', {
  summary: 'Whether next in line goes by rank first (the highest rank present, then the queue order)',
  responses: { 200: jsonResponse(RankFirstSchema, 'The setting') },
})
const setRankFirstRoute = route('put', '/rank-first', {
  summary: 'Turns "rank first" on or off',
  request: { body: jsonBody(RankFirstSchema) },
  responses: { 200: jsonResponse(RankFirstSchema, 'The setting') },
})

export const ranksRouter = createRouter()
  .openapi(listRoute, async (c) => c.json({ ranks: await getRanks(c.get('deps'), guildIdOf(c)) }, 200))
  .openapi(createRankRoute, async (c) =>
    c.json(await createRank(c.get('deps'), actorOf(c), c.req.valid('json').name), 201),
  )
  .openapi(renameRoute, async (c) =>
    c.json(
      await renameRank(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json').name),
      200,
    ),
  )
  .openapi(reorderRoute, async (c) =>
    c.json({ ranks: await reorderRanks(c.get('deps'), actorOf(c), c.req.valid('json').rankIds) }, 200),
  )
  .openapi(deleteRoute, async (c) =>
    c.json(await deleteRank(c.get('deps'), actorOf(c), c.req.valid('param').id), 200),
  )
  .openapi(rankFirstRoute, async (c) => c.json(await getRankFirst(c.get('deps'), guildIdOf(c)), 200))
  .openapi(setRankFirstRoute, async (c) =>
    c.json(await setRankFirst(c.get('deps'), actorOf(c), c.req.valid('json').rankFirst), 200),
  )
