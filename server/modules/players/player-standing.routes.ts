import { errorResponses, IdParamSchema } from '../../../contract/common'
import { PlayerStandingSchema } from '../../../contract/player-standing'
import { guildIdOf, memberChain } from '../../auth/guards'
import { AppError } from '../../lib/app-error'
import { createRouter, declareRoutes, jsonResponse } from '../../lib/router'
import { playerStanding } from './player-standing.service'

const route = declareRoutes({ tags: ['players'], middleware: [...memberChain], responses: errorResponses })

const standingRoute = route('get', '/players/{id}/standing', {
  summary:
    "A player's place in every queue (hidden items included), what they received and what moved them: the public player page's data, for members",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(PlayerStandingSchema, 'The player page') },
})

export const playerStandingRouter = createRouter().openapi(standingRoute, async (c) => {
  const standing = await playerStanding(c.get('deps'), guildIdOf(c), c.req.valid('param').id, {
    publicOnly: false,
  })
  if (!standing) throw new AppError('NOT_FOUND')
  return c.json(standing, 200)
})
