import { errorResponse } from '../../../contract/common'
import { PlayerStandingSchema, PublicPlayerParamSchema } from '../../../contract/player-standing'
import { createRouter, declareRoutes, jsonResponse, PUBLIC_ACCESS_SCHEME } from '../../lib/router'
import { accessCookiesOf, gateErrors } from './public-gate'
import { publicPlayer } from './public-player.service'

// Mounted after publicRouter: its slug check and its private, no-store header apply here too
// (they are registered for /public/guilds/:slug/* and /public/*).

const route = declareRoutes({ tags: ['public'] })

const playerRoute = route('get', '/public/guilds/{slug}/players/{playerId}', {
  summary:
    "An active player's place in every public queue, what they received and what moved them (same gate as the public view)",
  security: [{ [PUBLIC_ACCESS_SCHEME]: [] }],
  request: { params: PublicPlayerParamSchema },
  responses: {
    200: jsonResponse(PlayerStandingSchema, 'The player page'),
    ...gateErrors,
    404: errorResponse('Unknown guild, or no active player of it'),
  },
})

export const publicPlayerRouter = createRouter().openapi(playerRoute, async (c) => {
  const { slug, playerId } = c.req.valid('param')
  const deps = c.get('deps')
  return c.json(await publicPlayer(deps, slug, playerId, accessCookiesOf(c), c.get('arrivedAt')), 200)
})
