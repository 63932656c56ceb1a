import { createRoute } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import { PlayerStandingSchema } from '../../../contract/player-standing'
import { guildIdOf, memberChain } from '../../auth/guards'
import { AppError } from '../../lib/app-error'
import { createRouter, jsonResponse } from '../../lib/router'
import { playerStanding } from './player-standing.service'

const standingRoute = createRoute({
  method: 'get',
  path: '/players/{id}/standing',
  tags: ['players'],
  summary:
    "A player's place in every queue (hidden items included), what they received and what moved them: the public player page's data, for members",
  middleware: [...memberChain],
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(PlayerStandingSchema, 'The player page'), ...errorResponses },
})

export const playerStandingRouter = createRouter().openapi(standingRoute, async (c) => {
  const standing = await playerStanding(c.var.deps, guildIdOf(c), c.req.valid('param').id, {
    publicOnly: false,
  })
  if (!standing) throw new AppError('NOT_FOUND')
  return c.json(standing, 200)
})
